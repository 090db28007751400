import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  /** The small coloured label above the title (the content's heading1). */
  label?: ReactNode;
  /** The large title (the content's heading2). */
  title: ReactNode;
  /** Heading level of the title; 2 unless the section sits deeper. */
  level?: 2 | 3;
  className?: string;
}

/** A section's small label, big title and short decorative underline (look.md), centred. */
export function SectionHeading({ label, title, level = 2, className }: SectionHeadingProps) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <div className={className ? `section-heading ${className}` : 'section-heading'}>
      {label ? <p className="section-heading__label">{label}</p> : null}
      <Title className="section-heading__title">{title}</Title>
    </div>
  );
}

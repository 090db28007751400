import type { ReactNode } from 'react';

export interface PublicSectionHeadingProps {
  /** The id of the title, which the section is labelled by (aria-labelledby). */
  id: string;
  /** The small coloured label above the title (the content's heading1), its paragraph kept when empty. */
  label: ReactNode;
  /** The large title (the content's heading2). */
  title: ReactNode;
  /** A modifier class written out whole, e.g. 'section-heading--start'. */
  className?: string;
}

/**
 * A public section's label and title. Unlike the shared SectionHeading, the title carries the id the
 * section is labelled by, and the label's paragraph is there even before the content has loaded.
 */
export function PublicSectionHeading({ id, label, title, className }: PublicSectionHeadingProps) {
  return (
    <div className={className ? `section-heading ${className}` : 'section-heading'}>
      <p className="section-heading__label">{label}</p>
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
    </div>
  );
}

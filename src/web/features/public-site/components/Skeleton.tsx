export interface SkeletonLinesProps {
  lines?: number;
  className?: string;
}

/** Grey placeholder lines while a section's text is on its way (hidden from screen readers). */
export function SkeletonLines({ lines = 2, className }: SkeletonLinesProps) {
  return (
    <span className={className ? `skeleton-lines ${className}` : 'skeleton-lines'} aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines.
        <span key={index} className="skeleton" />
      ))}
    </span>
  );
}

/** How many placeholder cards a grid shows while loading. */
export const SKELETON_CARDS = 3;

export const skeletonKeys = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `skeleton-${index}`);

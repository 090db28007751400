import type { ReactNode } from 'react';

/** Where a new picture comes from: a new upload or the media library. */
export type PictureSource = 'upload' | 'library';

/**
 * A button that opens the `source` panel, or closes it when it is the open one (aria-pressed says
 * which is open).
 */
export function PictureSourceButton({
  source,
  open,
  onToggle,
  children,
}: {
  source: PictureSource;
  open: PictureSource | undefined;
  onToggle: (next: PictureSource | undefined) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      aria-pressed={open === source}
      onClick={() => onToggle(open === source ? undefined : source)}
    >
      {children}
    </button>
  );
}

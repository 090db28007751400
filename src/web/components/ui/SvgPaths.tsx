import type { IconPath } from './svg-paths.js';

export interface SvgPathsProps {
  paths: readonly IconPath[];
  /** CSS size; defaults to the surrounding font size. */
  size?: string | number;
  className?: string;
  /** It points along the line: mirrored on right-to-left pages (the `icon--directional` rule). */
  directional?: boolean;
}

/** A decorative 16×16 icon drawn from its paths: hidden from assistive technology. */
export function SvgPaths({ paths, size = '1em', className, directional = false }: SvgPathsProps) {
  const classes = ['icon', directional ? 'icon--directional' : undefined, className]
    .filter(Boolean)
    .join(' ');
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 16 16"
      width={size}
      height={size}
      fill="currentColor"
      className={classes}
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((path, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an icon's paths are fixed and may repeat a `d`.
        <path key={index} d={path.d} fillRule={path.fillRule} />
      ))}
    </svg>
  );
}

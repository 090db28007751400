import type { IconPath } from './svg-paths.js';

export interface SvgPathsProps {
  paths: readonly IconPath[];
  /** CSS size; defaults to the surrounding font size. */
  size?: string | number;
  className?: string;
}

/** A decorative 16×16 icon drawn from its paths: hidden from assistive technology. */
export function SvgPaths({ paths, size = '1em', className }: SvgPathsProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 16 16"
      width={size}
      height={size}
      fill="currentColor"
      className={className ? `icon ${className}` : 'icon'}
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

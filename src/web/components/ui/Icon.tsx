import balloonHeartFill from 'bootstrap-icons/icons/balloon-heart-fill.svg?raw';
import chevronDown from 'bootstrap-icons/icons/chevron-down.svg?raw';
import envelope from 'bootstrap-icons/icons/envelope.svg?raw';
import facebook from 'bootstrap-icons/icons/facebook.svg?raw';
import geoAlt from 'bootstrap-icons/icons/geo-alt.svg?raw';
import instagram from 'bootstrap-icons/icons/instagram.svg?raw';
import linkedin from 'bootstrap-icons/icons/linkedin.svg?raw';
import list from 'bootstrap-icons/icons/list.svg?raw';
import telephone from 'bootstrap-icons/icons/telephone.svg?raw';
import twitterX from 'bootstrap-icons/icons/twitter-x.svg?raw';

/**
 * Bootstrap Icons, only those the app uses (each import pulls one SVG into the bundle). The SVG
 * source is reduced to its paths and drawn by React, so no markup is injected.
 */
const SOURCES = {
  'balloon-heart-fill': balloonHeartFill,
  'chevron-down': chevronDown,
  envelope,
  facebook,
  'geo-alt': geoAlt,
  instagram,
  linkedin,
  list,
  telephone,
  'twitter-x': twitterX,
} as const;

export type IconName = keyof typeof SOURCES;
export const ICON_NAMES = Object.keys(SOURCES) as IconName[];

interface IconPath {
  d: string;
  fillRule?: 'evenodd' | 'nonzero';
}

function parsePaths(svg: string): IconPath[] {
  return [...svg.matchAll(/<path\b([^>]*?)\/?>/g)].map(([, attributes = '']) => {
    const d = /\bd="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const fillRule = /\bfill-rule="(evenodd|nonzero)"/.exec(attributes)?.[1] as IconPath['fillRule'];
    return fillRule ? { d, fillRule } : { d };
  });
}

const PATHS = Object.fromEntries(
  Object.entries(SOURCES).map(([name, svg]) => [name, parsePaths(svg)]),
) as Record<IconName, IconPath[]>;

export interface IconProps {
  name: IconName;
  /** CSS size; defaults to the surrounding font size. */
  size?: string | number;
  className?: string;
}

/** A decorative icon: hidden from assistive technology, so the control around it needs a label. */
export function Icon({ name, size = '1em', className }: IconProps) {
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
      {PATHS[name].map((path) => (
        <path key={path.d} d={path.d} fillRule={path.fillRule} />
      ))}
    </svg>
  );
}

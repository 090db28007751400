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
import { SvgPaths } from './SvgPaths.js';
import { type IconPath, isDirectionalIcon, parsePaths } from './svg-paths.js';

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
export function Icon({ name, size, className }: IconProps) {
  return (
    <SvgPaths paths={PATHS[name]} size={size} className={className} directional={isDirectionalIcon(name)} />
  );
}

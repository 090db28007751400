/** One path of a Bootstrap Icons SVG, as React draws it (no markup is injected). */
export interface IconPath {
  d: string;
  fillRule?: 'evenodd' | 'nonzero';
}

/**
 * Icons that point along the line (back, next, out, answer): mirrored on right-to-left pages, where
 * the line runs the other way (docs/decisions/0066-right-to-left.md). Icons of things (a house, a
 * clock, a play button) are not.
 */
const DIRECTIONAL_ICON_NAMES: ReadonlySet<string> = new Set([
  'arrow-left',
  'arrow-right',
  'box-arrow-right',
  'box-arrow-left',
  'chevron-left',
  'chevron-right',
  'reply',
]);

export const isDirectionalIcon = (name: string): boolean => DIRECTIONAL_ICON_NAMES.has(name);

export function parsePaths(svg: string): IconPath[] {
  return [...svg.matchAll(/<path\b([^>]*?)\/?>/g)].map(([, attributes = '']) => {
    const d = /\bd="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const fillRule = /\bfill-rule="(evenodd|nonzero)"/.exec(attributes)?.[1] as IconPath['fillRule'];
    return fillRule ? { d, fillRule } : { d };
  });
}

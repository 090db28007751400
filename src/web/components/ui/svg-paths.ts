/** One path of a Bootstrap Icons SVG, as React draws it (no markup is injected). */
export interface IconPath {
  d: string;
  fillRule?: 'evenodd' | 'nonzero';
}

export function parsePaths(svg: string): IconPath[] {
  return [...svg.matchAll(/<path\b([^>]*?)\/?>/g)].map(([, attributes = '']) => {
    const d = /\bd="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const fillRule = /\bfill-rule="(evenodd|nonzero)"/.exec(attributes)?.[1] as IconPath['fillRule'];
    return fillRule ? { d, fillRule } : { d };
  });
}

import { UPLOADS_BASE } from '../config/env.js';

const ABSOLUTE_URL = /^https?:\/\//i;

/**
 * The URL of an uploaded image (docs/contract/api.md#conventions: `/uploads/<image>`, `<image>` being the
 * stored file name or relative path). Absolute http(s) URLs are used as they are.
 */
export function uploadUrl(image: string): string {
  if (ABSOLUTE_URL.test(image)) return image;
  const relative = image
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${UPLOADS_BASE}${relative}`;
}

/** Bootstrap's breakpoints: from which viewport width each applies, and its container's width. */
const BREAKPOINTS = [
  { name: 'xs', from: 0, container: undefined },
  { name: 'sm', from: 576, container: 540 },
  { name: 'md', from: 768, container: 720 },
  { name: 'lg', from: 992, container: 960 },
  { name: 'xl', from: 1200, container: 1140 },
  { name: 'xxl', from: 1400, container: 1320 },
] as const;
/** A container's padding, both sides (Bootstrap's gutter, 1.5rem). */
const CONTAINER_PADDING = 24;

export type Breakpoint = (typeof BREAKPOINTS)[number]['name'];
/** A value per breakpoint, from `xs` up; a breakpoint without one takes the next narrower one's. */
export type Responsive = { xs: number } & Partial<Record<Breakpoint, number>>;

/**
 * One box a picture sits in, inside the page's container or the box before it: the share of the
 * width it takes and the gap between it and its neighbours (a grid's gap, a row's gutter). A
 * Bootstrap `col-md-6 col-lg-4` in a `row g-4` is `{ share: { xs: 1, md: 1 / 2, lg: 1 / 3 }, gap: { xs: 24 } }`.
 */
export interface PictureBox {
  share: Responsive;
  gap?: Responsive;
  /** What the box's padding (both sides) takes off the picture's width, in px. */
  inset?: number;
}

/** A width as a fraction of the viewport plus pixels: `vw * 100vw + px`. */
interface Width {
  vw: number;
  px: number;
}

const at = (values: Responsive | undefined, breakpoint: number): number => {
  let value = 0;
  for (const [index, { name }] of BREAKPOINTS.entries()) {
    if (index > breakpoint) break;
    value = values?.[name] ?? value;
  }
  return value;
};

const round = (value: number): number => Math.round(value * 100) / 100;

function cssWidth({ vw, px }: Width): string {
  if (vw === 0) return `${Math.round(px)}px`;
  const share = `${round(vw * 100)}vw`;
  if (Math.abs(px) < 0.5) return share;
  return `calc(${share} ${px < 0 ? '-' : '+'} ${round(Math.abs(px))}px)`;
}

/**
 * The `sizes` of an `<img srcset>`: the width the picture is drawn at for every viewport width, from
 * the boxes it sits in (narrowest last), at most `max` px (a picture with a fixed CSS width is just
 * `max`). With it the browser picks from the srcset the file that fills the picture on that screen
 * and no larger, before any CSS has loaded.
 */
export function pictureSizes(boxes: readonly PictureBox[], max?: number): string {
  const entries: { from: number; width: string }[] = [];
  for (const [index, breakpoint] of BREAKPOINTS.entries()) {
    let width: Width = breakpoint.container
      ? { vw: 0, px: breakpoint.container - CONTAINER_PADDING }
      : { vw: 1, px: -CONTAINER_PADDING };
    for (const box of boxes) {
      const share = at(box.share, index);
      const gap = at(box.gap, index);
      // n boxes of a share 1/n with n - 1 gaps between them fill the width: share * (width + gap) - gap.
      width = { vw: width.vw * share, px: share * (width.px + gap) - gap - (box.inset ?? 0) };
    }
    const next = BREAKPOINTS[index + 1]?.from ?? Number.POSITIVE_INFINITY;
    if (max !== undefined && width.vw === 0 && width.px > max) width = { vw: 0, px: max };
    if (max !== undefined && width.vw > 0) {
      // A fluid box reaches the maximum at some viewport width: from there on it is the maximum.
      const reached = Math.ceil((max - width.px) / width.vw);
      if (reached < next) {
        if (reached > breakpoint.from) entries.push({ from: breakpoint.from, width: cssWidth(width) });
        entries.push({ from: Math.max(reached, breakpoint.from), width: `${max}px` });
        continue;
      }
    }
    entries.push({ from: breakpoint.from, width: cssWidth(width) });
  }
  // Widest first, as the browser takes the first that matches; a width equal to the narrower one's is left out.
  const kept = entries.filter((entry, index) => index === 0 || entry.width !== entries[index - 1]?.width);
  return kept
    .reverse()
    .map(({ from, width }) => (from === 0 ? width : `(min-width: ${from}px) ${width}`))
    .join(', ');
}

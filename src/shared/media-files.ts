/**
 * The media library's stored files and their widths, apart from the API schemas (api/admin.ts
 * re-exports them): pictures are drawn on every public page, and zod is not in the pages' first load
 * (docs/decisions/0031-first-load-javascript.md).
 */

/**
 * Uploaded pictures are stored in several widths as `media/<name>-<width>.webp` (`<name>`: 32 hex
 * characters). A record's `image` names the largest; the smaller ones follow from it alone:
 * `MEDIA_RULES.widths` below that width, plus that width. A picture narrower than 400 px has one
 * file, in its own width; pictures are never enlarged. `mediaVariants` / `mediaSrcSet` derive them.
 */
export const MEDIA_RULES = {
  /** The multipart field of the picture. */
  field: 'file',
  maxBytes: 8 * 1024 * 1024,
  /** The widths stored (never more than the picture's own). */
  widths: [400, 800, 1200],
  /** A very tall picture is made narrower so that no stored file is taller than this. */
  maxHeight: 2400,
  folder: 'media',
} as const;

export const MEDIA_NAME_PATTERN = /^[0-9a-f]{32}$/;
/** `media/<name>-<width>.webp`: groups 1 and 2 are the name and the width. */
export const MEDIA_IMAGE_PATTERN = /^media\/([0-9a-f]{32})-([1-9][0-9]{0,4})\.webp$/;

export const mediaImageOf = (name: string, width: number): string =>
  `${MEDIA_RULES.folder}/${name}-${width}.webp`;

export interface MediaVariant {
  width: number;
  image: string;
}

/** The widths stored for a picture whose largest file is `largest` px wide. */
export function mediaWidthsFor(largest: number): number[] {
  return [...MEDIA_RULES.widths.filter((width) => width < largest), largest];
}

/**
 * The stored widths of an uploaded picture, narrowest first, from its `image` value alone; undefined
 * for an image that is not of the media library (the demo's pictures, users' photos), which has
 * one file only.
 */
export function mediaVariants(image: string): MediaVariant[] | undefined {
  const match = MEDIA_IMAGE_PATTERN.exec(image);
  if (!match) return undefined;
  const [, name = '', width = ''] = match;
  return mediaWidthsFor(Number(width)).map((w) => ({ width: w, image: mediaImageOf(name, w) }));
}

/** An `<img srcset>` for an image value, e.g. `/uploads/media/ab..-400.webp 400w, ...`; undefined when it has one file. */
export function mediaSrcSet(image: string, urlOf: (image: string) => string = (i) => `/uploads/${i}`) {
  const variants = mediaVariants(image);
  if (!variants || variants.length < 2) return undefined;
  return variants.map((v) => `${urlOf(v.image)} ${v.width}w`).join(', ');
}

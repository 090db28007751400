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
export function mediaWidthsFor(largest: number, widths: readonly number[] = MEDIA_RULES.widths): number[] {
  return [...widths.filter((width) => width < largest), largest];
}

/**
 * The demo school's drawn scenes (server/demo/images.ts) are stored the same way, as
 * `demo/scenes/<name>-<width>.webp` (`<name>`: the scene's file name, e.g. `gallery-playing-1`), in
 * closer steps than uploads: drawing them costs nothing, and the public pages show them from phone
 * gallery cells (about 170 px) to the home page's hero. The demo's portraits stay one file.
 */
export const DEMO_SCENE_RULES = {
  folder: 'demo/scenes',
  widths: [320, 480, 640],
} as const;

/** `demo/scenes/<name>-<width>.webp`: groups 1 and 2 are the name and the width. */
export const DEMO_SCENE_IMAGE_PATTERN = /^demo\/scenes\/([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9][0-9]{0,4})\.webp$/;

export const demoSceneImageOf = (name: string, width: number): string =>
  `${DEMO_SCENE_RULES.folder}/${name}-${width}.webp`;

/**
 * The stored widths of a picture, narrowest first, from its `image` value alone: an upload of the
 * media library or a scene of the demo. Undefined for any other image (users' photos, pictures
 * stored before widths existed), which has one file only.
 */
export function mediaVariants(image: string): MediaVariant[] | undefined {
  const upload = MEDIA_IMAGE_PATTERN.exec(image);
  if (upload) {
    const [, name = '', width = ''] = upload;
    return mediaWidthsFor(Number(width)).map((w) => ({ width: w, image: mediaImageOf(name, w) }));
  }
  const scene = DEMO_SCENE_IMAGE_PATTERN.exec(image);
  if (scene) {
    const [, name = '', width = ''] = scene;
    return mediaWidthsFor(Number(width), DEMO_SCENE_RULES.widths).map((w) => ({
      width: w,
      image: demoSceneImageOf(name, w),
    }));
  }
  return undefined;
}

/** An `<img srcset>` for an image value, e.g. `/uploads/media/ab..-400.webp 400w, ...`; undefined when it has one file. */
export function mediaSrcSet(image: string, urlOf: (image: string) => string = (i) => `/uploads/${i}`) {
  const variants = mediaVariants(image);
  if (!variants || variants.length < 2) return undefined;
  return variants.map((v) => `${urlOf(v.image)} ${v.width}w`).join(', ');
}

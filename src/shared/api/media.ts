import { z } from 'zod';
import { MediaSchema, MediaUseSchema } from './admin.js';

/**
 * The media library as `GET admin/media` answers it (docs/decisions/0050-website-editor-without-traps.md):
 * the pictures uploaded here, and every other picture the site shows, such as the demo school's,
 * which were shipped with the app as files and have no row in the library. Those can be picked for a
 * record like an upload, but not deleted: the app brought them.
 */
export const SitePictureSchema = z.object({
  /** The stored image value, a path under /uploads/ (its widths follow from it, see media-files.ts). */
  image: z.string(),
  /** The description the first record that shows it gives. */
  alt: z.string(),
  usedBy: z.array(MediaUseSchema),
});
export type SitePicture = z.infer<typeof SitePictureSchema>;

export const MediaListSchema = z.object({
  /** The uploaded pictures, newest first. */
  data: z.array(MediaSchema),
  /** The site's other pictures (shipped with the app), in the order of the records that show them. */
  sitePictures: z.array(SitePictureSchema),
});
export type MediaList = z.infer<typeof MediaListSchema>;

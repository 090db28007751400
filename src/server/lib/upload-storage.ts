import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isProcessed, type ProcessedImage } from './image-processing.js';
import { uploadAbandoned } from './upload-temp.js';

/**
 * Where uploaded pictures live: files under the uploads folder (served at `/uploads/<path>`),
 * named at random, placed there only once lib/image-processing.ts made them, and removed only
 * inside the folder of their owner.
 */

/**
 * Puts a processed picture at `target` in the uploads folder: a hard link to its temporary file
 * (same filesystem, so nothing is copied, and like the `wx` flag it never replaces a file), or a
 * copy where links are not possible (the uploads folder mounted elsewhere). Only pictures this
 * processing module (lib/image-processing.ts) made are placed; their temporary file goes with the request's folder.
 */
async function placeImage(image: ProcessedImage, target: string): Promise<void> {
  if (!isProcessed(image))
    throw new Error('only pictures processed by lib/image-processing.ts can be stored');
  try {
    await fs.link(image.file, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The request's folder is gone: its client left before the picture was stored.
    if (code === 'ENOENT') throw uploadAbandoned();
    if (code === 'EEXIST') throw error;
    await fs.copyFile(image.file, target, fs.constants.COPYFILE_EXCL);
  }
}

/**
 * Stores pictures as `<folder>/<random>.webp` under the uploads folder and answers their paths
 * relative to it (the form `/uploads/<path>` serves). All or none: on a failure the files already
 * stored are removed before the error goes on.
 */
export async function storeImages(
  uploadsDir: string,
  folder: string,
  images: readonly ProcessedImage[],
): Promise<string[]> {
  const written: string[] = [];
  try {
    if (images.length > 0) await fs.mkdir(path.join(uploadsDir, folder), { recursive: true });
    for (const image of images) {
      const relative = `${folder}/${crypto.randomBytes(16).toString('hex')}.webp`;
      await placeImage(image, path.join(uploadsDir, relative));
      written.push(relative);
    }
    return written;
  } catch (error) {
    await removeImages(uploadsDir, folder, written);
    throw error;
  }
}

/**
 * Stores the renditions of one media picture as `<folder>/<name>-<width>.webp` (one random name
 * for all widths) and answers the name and the paths, narrowest first. All or none, like storeImages.
 */
export async function storeImageSet(
  uploadsDir: string,
  folder: string,
  renditions: readonly ProcessedImage[],
): Promise<{ name: string; images: string[] }> {
  const name = crypto.randomBytes(16).toString('hex');
  const written: string[] = [];
  try {
    await fs.mkdir(path.join(uploadsDir, folder), { recursive: true });
    for (const rendition of renditions) {
      const relative = `${folder}/${name}-${rendition.width}.webp`;
      await placeImage(rendition, path.join(uploadsDir, relative));
      written.push(relative);
    }
    return { name, images: written };
  } catch (error) {
    await removeImages(uploadsDir, folder, written);
    throw error;
  }
}

/**
 * Whether `image` (a stored image value, already checked to be a plain relative path) names a
 * regular file inside the uploads folder, links resolved.
 */
export async function isStoredImage(uploadsDir: string, image: string): Promise<boolean> {
  try {
    const root = await fs.realpath(uploadsDir);
    const file = await fs.realpath(path.resolve(uploadsDir, image));
    if (!file.startsWith(`${root}${path.sep}`)) return false;
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Removes stored pictures, best effort (a missing file is fine). Only paths inside `folder` are
 * touched: pictures elsewhere (the demo school's, shared by many people) are never ours to delete.
 */
export async function removeImages(
  uploadsDir: string,
  folder: string,
  images: readonly string[],
): Promise<void> {
  const root = path.resolve(uploadsDir, folder);
  await Promise.all(
    images.map(async (image) => {
      const file = path.resolve(uploadsDir, image);
      if (!file.startsWith(`${root}${path.sep}`)) return;
      await fs.rm(file, { force: true }).catch(() => {});
    }),
  );
}

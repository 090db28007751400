import crypto from 'node:crypto';
import { type FileStore, isStoredFilePath } from './file-store/file-store.js';
import { isProcessed, type ProcessedImage } from './image-processing.js';
import { uploadAbandoned } from './upload-temp.js';

/**
 * Where uploaded pictures live: files of the app's FileStore (served at `/uploads/<path>`), named
 * at random, stored only once lib/image-processing.ts made them, and removed only inside the
 * folder of their owner.
 */

/**
 * Folders whose files `/uploads/<path>` never serves: each belongs to someone, and its feature
 * serves it behind its own policy (pick-up photos: features/care, to those who read the child's
 * care details; docs/decisions/0040-pick-up-photos.md; photo moments: features/photo-moments, to
 * those the tagged children's consents allow; docs/decisions/0079-photo-consent.md).
 */
export const PRIVATE_FOLDERS = ['care', 'moments', 'conversations', 'exports'] as const;
export type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];

/**
 * Whether a stored path lies in a private folder. Compared without case: on a disk that ignores
 * case (macOS, Windows) `Care/x.webp` is the same file as `care/x.webp`.
 */
export const isPrivateStoredPath = (stored: string): boolean => {
  const lower = stored.toLowerCase();
  return PRIVATE_FOLDERS.some((folder) => lower.startsWith(`${folder}/`));
};

/**
 * Stores a processed picture as `stored` from its temporary file (the disk store links it:
 * nothing is copied; the database store reads it in). Only pictures this processing module
 * (lib/image-processing.ts) made are stored; their temporary file goes with the request's folder.
 */
async function placeImage(files: FileStore, image: ProcessedImage, stored: string): Promise<void> {
  if (!isProcessed(image))
    throw new Error('only pictures processed by lib/image-processing.ts can be stored');
  try {
    await files.putFile(stored, image.file);
  } catch (error) {
    // The request's folder is gone: its client left before the picture was stored.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw uploadAbandoned();
    throw error;
  }
}

/**
 * Stores pictures as `<folder>/<random>.webp` and answers their stored paths (the form
 * `/uploads/<path>` serves). All or none: on a failure the files already stored are removed
 * before the error goes on.
 */
export async function storeImages(
  files: FileStore,
  folder: string,
  images: readonly ProcessedImage[],
): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const image of images) {
      const stored = `${folder}/${crypto.randomBytes(16).toString('hex')}.webp`;
      await placeImage(files, image, stored);
      written.push(stored);
    }
    return written;
  } catch (error) {
    await removeImages(files, folder, written);
    throw error;
  }
}

/**
 * Stores the renditions of one media picture as `<folder>/<name>-<width>.webp` (one random name
 * for all widths) and answers the name and the paths, narrowest first. All or none, like storeImages.
 */
export async function storeImageSet(
  files: FileStore,
  folder: string,
  renditions: readonly ProcessedImage[],
): Promise<{ name: string; images: string[] }> {
  const name = crypto.randomBytes(16).toString('hex');
  const written: string[] = [];
  try {
    for (const rendition of renditions) {
      const stored = `${folder}/${name}-${rendition.width}.webp`;
      await placeImage(files, rendition, stored);
      written.push(stored);
    }
    return { name, images: written };
  } catch (error) {
    await removeImages(files, folder, written);
    throw error;
  }
}

/** Whether `image` (a stored image value) names a stored file. */
export async function isStoredImage(files: FileStore, image: string): Promise<boolean> {
  return (await files.stat(image)) !== undefined;
}

/**
 * Removes stored pictures, best effort (a missing file is fine). Only paths inside `folder` are
 * touched: pictures elsewhere (the demo school's, shared by many people) are never ours to delete.
 */
export async function removeImages(
  files: FileStore,
  folder: string,
  images: readonly string[],
): Promise<void> {
  const ours = images.filter((image) => isStoredFilePath(image) && image.startsWith(`${folder}/`));
  if (ours.length > 0) await files.remove(ours).catch(() => {});
}

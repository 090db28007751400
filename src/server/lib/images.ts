import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { z } from 'zod';
import { MEDIA_MESSAGES, MEDIA_RULES, mediaWidthsFor } from '../../shared/api/admin.js';
import {
  displayName,
  type FileLike,
  IMAGE_RULES,
  imageFilesSchema,
  USER_MESSAGES,
} from '../../shared/api/users.js';
import { HttpError, invalid } from './errors.js';

/**
 * Uploaded pictures: read from a multipart form, recognised by their content (never by name or
 * declared type), turned upright, re-encoded to WebP without any metadata (so no GPS position
 * leaves a phone photo), scaled down, and only then written under the uploads folder.
 *
 * Multipart limits (5 MB a file, 10 files) are set where `@fastify/multipart` is registered in
 * app.ts and match IMAGE_RULES; a file over the limit is a 413, never a half-stored picture.
 */

export const IMAGE_PROCESSING = {
  /** Longest side of a stored picture. */
  maxEdge: 1200,
  /** Decompression-bomb guard: a 5 MB file may not claim more pixels than this. */
  maxInputPixels: 50_000_000,
  quality: 82,
} as const;

/** What sharp may read; SVG, PDF and raw camera files are not photos we store. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const IMAGE_PROBLEMS = {
  notAnImage: 'is not a picture we can read (please choose a JPEG, PNG, WebP, GIF, AVIF or TIFF photo)',
  tooManyPixels: `has too many pixels (at most ${IMAGE_PROCESSING.maxInputPixels / 1_000_000} megapixels)`,
  damaged: 'is damaged or incomplete',
} as const;

export interface ProcessedImage {
  /** WebP bytes, ready to store. */
  data: Buffer;
  width: number;
  height: number;
}

/** One file of a form, after processing: `image` when it is a usable picture, else `problem`. */
export interface UploadedImage extends FileLike {
  image?: ProcessedImage;
  problem?: string;
}

class ImageRejected extends Error {}

/**
 * Every picture this module decoded and re-encoded. A body schema accepts only these: a JSON body
 * can imitate the shape of an uploaded file (`{ name, size, image: { data: "..." } }`), but not
 * put an object in this set, so nothing unprocessed is ever written to the uploads folder.
 */
const processed = new WeakSet<object>();
const isProcessed = (value: object | undefined): boolean => value !== undefined && processed.has(value);

/**
 * Reads only a file's header and refuses what is not a picture we store or claims too many pixels
 * (a decompression bomb), before anything is decoded. Answers the picture's upright size.
 */
async function inspectImage(input: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size check below gives the reason.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(IMAGE_PROBLEMS.notAnImage);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new ImageRejected(IMAGE_PROBLEMS.notAnImage);
  }
  if (metadata.width * metadata.height > IMAGE_PROCESSING.maxInputPixels) {
    throw new ImageRejected(IMAGE_PROBLEMS.tooManyPixels);
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: width and height swap once upright.
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}

/** sharp's own complaints while decoding, as a sentence for the user. */
function decodingProblem(error: unknown): ImageRejected {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new ImageRejected(IMAGE_PROBLEMS.tooManyPixels);
  return new ImageRejected(IMAGE_PROBLEMS.damaged);
}

/** Re-encodes one picture; throws ImageRejected (a sentence for the user) when it is not one. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  await inspectImage(input);
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: IMAGE_PROCESSING.maxInputPixels,
      failOn: 'truncated',
    })
      .rotate()
      .resize({
        width: IMAGE_PROCESSING.maxEdge,
        height: IMAGE_PROCESSING.maxEdge,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: IMAGE_PROCESSING.quality })
      .toBuffer({ resolveWithObject: true });
    const image: ProcessedImage = { data, width: info.width, height: info.height };
    processed.add(image);
    return image;
  } catch (error) {
    throw decodingProblem(error);
  }
}

/** A picture of the media library: every stored width, narrowest first (the last is the largest). */
export interface ProcessedMedia {
  width: number;
  height: number;
  renditions: ProcessedImage[];
}

/**
 * Re-encodes a picture for the media library (`POST admin/media`): the same checks as processImage
 * (content, pixel count), turned upright, without metadata, as WebP in each of MEDIA_RULES.widths
 * up to its own width (never enlarged) and no taller than MEDIA_RULES.maxHeight. The original is
 * decoded once; the smaller widths are made from that upright copy.
 */
export async function processMedia(input: Buffer): Promise<ProcessedMedia> {
  const upright = await inspectImage(input);
  const largestAllowed = Math.max(...MEDIA_RULES.widths);
  const byHeight = Math.floor((MEDIA_RULES.maxHeight * upright.width) / upright.height);
  const largest = Math.max(1, Math.min(upright.width, largestAllowed, byHeight));
  try {
    const base = await sharp(input, {
      limitInputPixels: IMAGE_PROCESSING.maxInputPixels,
      failOn: 'truncated',
    })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      width: base.info.width,
      height: base.info.height,
      channels: base.info.channels,
    } as const;
    const renditions: ProcessedImage[] = [];
    for (const width of mediaWidthsFor(raw.width)) {
      let pipeline = sharp(base.data, { raw });
      if (width !== raw.width) pipeline = pipeline.resize({ width });
      const { data, info } = await pipeline
        .webp({ quality: IMAGE_PROCESSING.quality })
        .toBuffer({ resolveWithObject: true });
      renditions.push({ data, width: info.width, height: info.height });
    }
    const media: ProcessedMedia = { width: raw.width, height: raw.height, renditions };
    processed.add(media);
    return media;
  } catch (error) {
    throw decodingProblem(error);
  }
}

/** Processes an uploaded file, keeping the reason as a user-facing sentence when it is refused. */
export async function toUploadedImage(name: string, input: Buffer): Promise<UploadedImage> {
  try {
    return { name, size: input.length, image: await processImage(input) };
  } catch (error) {
    if (error instanceof ImageRejected) return { name, size: input.length, problem: error.message };
    throw error;
  }
}

/** One message for every refused file of a form, or undefined when all are pictures. */
export function describeProblems(files: readonly UploadedImage[]): string | undefined {
  const refused = files.filter((f) => f.problem !== undefined);
  if (refused.length === 0) return undefined;
  return refused.map((f) => `${displayName(f.name)} ${f.problem}.`).join(' ');
}

/**
 * The `images` of a route's body schema: the shared rules (1 to 10 files, 5 MB each) plus the
 * server's verdict on each file's content, reported as one entry on the `images` field.
 */
export function uploadedImagesSchema() {
  return imageFilesSchema<UploadedImage>().superRefine((files, ctx) => {
    if (files.some((f) => f.problem === undefined && !isProcessed(f.image))) {
      ctx.addIssue({ code: 'custom', message: USER_MESSAGES.notAFile });
      return;
    }
    const problems = describeProblems(files);
    if (problems) ctx.addIssue({ code: 'custom', message: problems });
  });
}

/** The usable pictures of a validated body (every one, once validation has passed). */
export const picturesOf = (files: readonly UploadedImage[] | undefined): ProcessedImage[] =>
  (files ?? []).flatMap((f) => (f.image && isProcessed(f.image) ? [f.image] : []));

const MULTIPART_ERRORS: Record<string, () => HttpError> = {
  FST_REQ_FILE_TOO_LARGE: () =>
    new HttpError(413, 'FILE_TOO_LARGE', `${USER_MESSAGES.imageTooLarge}.`, [
      { field: IMAGE_RULES.field, message: USER_MESSAGES.imageTooLarge },
    ]),
  FST_FILES_LIMIT: () =>
    invalid(`${USER_MESSAGES.tooManyImages}.`, [
      { field: IMAGE_RULES.field, message: USER_MESSAGES.tooManyImages },
    ]),
  FST_FIELDS_LIMIT: () => new HttpError(413, 'TOO_LARGE', 'The form has too many fields.'),
  FST_PARTS_LIMIT: () => new HttpError(413, 'TOO_LARGE', 'The form has too many parts.'),
};

/**
 * A `preValidation` hook for routes that take a multipart form with pictures: it reads the form
 * into `request.body` (text fields as strings, the first value of each name; the files of
 * `fileField` as UploadedImage[], each already checked and re-encoded), so that the route's zod
 * body schema validates fields and pictures in one pass. JSON bodies pass through untouched.
 * Empty file inputs (a browser sends a nameless, empty part) are skipped; files under other names
 * are read and ignored.
 */
export function imageForm(fileField: string = IMAGE_RULES.field): preValidationAsyncHookHandler {
  return async (request) => {
    if (!request.isMultipart()) return;
    const { fields, files } = await readMultipartForm(request, fileField);
    // One at a time: decoding a large photo takes a lot of memory.
    const images: UploadedImage[] = [];
    for (const file of files) images.push(await toUploadedImage(file.name, file.data));
    if (images.length > 0) fields[fileField] = images;
    request.body = fields;
  };
}

/** The one file of a media form, after processing: `media` when it is a usable picture, else `problem`. */
export interface UploadedMedia extends FileLike {
  media?: ProcessedMedia;
  problem?: string;
}

const MEDIA_MULTIPART_ERRORS: Record<string, () => HttpError> = {
  FST_REQ_FILE_TOO_LARGE: () =>
    new HttpError(413, 'FILE_TOO_LARGE', `${MEDIA_MESSAGES.tooLarge}.`, [
      { field: MEDIA_RULES.field, message: MEDIA_MESSAGES.tooLarge },
    ]),
  FST_FILES_LIMIT: () =>
    invalid(`${MEDIA_MESSAGES.oneFile}.`, [{ field: MEDIA_RULES.field, message: MEDIA_MESSAGES.oneFile }]),
};

/**
 * A `preValidation` hook for `POST admin/media`: reads a multipart form of one picture (at most
 * MEDIA_RULES.maxBytes; a larger one is a 413, a second file a 400) and text fields into
 * `request.body`, the picture as an UploadedMedia already checked and rendered in every width.
 */
export function mediaForm(): preValidationAsyncHookHandler {
  return async (request) => {
    if (!request.isMultipart()) return;
    const { fields, files } = await readMultipartForm(request, MEDIA_RULES.field, {
      limits: { fileSize: MEDIA_RULES.maxBytes, files: 1 },
      errors: MEDIA_MULTIPART_ERRORS,
    });
    const file = files[0];
    if (file) {
      const uploaded: UploadedMedia = { name: file.name, size: file.data.length };
      try {
        uploaded.media = await processMedia(file.data);
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        uploaded.problem = error.message;
      }
      fields[MEDIA_RULES.field] = uploaded;
    }
    request.body = fields;
  };
}

const isUploadedMedia = (value: unknown): value is UploadedMedia =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadedMedia).name === 'string' &&
  typeof (value as UploadedMedia).size === 'number';

/** The `file` of `POST admin/media`'s body schema: one picture, with the server's verdict on it. */
export function uploadedMediaSchema() {
  return z
    .custom<UploadedMedia>(isUploadedMedia, { error: MEDIA_MESSAGES.chooseFile })
    .meta({ type: 'string', format: 'binary' })
    .superRefine((file, ctx) => {
      if (file.problem !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${displayName(file.name)} ${file.problem}.` });
      } else if (!isProcessed(file.media)) {
        ctx.addIssue({ code: 'custom', message: MEDIA_MESSAGES.chooseFile });
      }
    });
}

interface MultipartOptions {
  limits?: { fileSize?: number; files?: number };
  /** Answers for @fastify/multipart's error codes, before the general ones. */
  errors?: Record<string, () => HttpError>;
}

/**
 * Reads a multipart form: text fields (the first value of each name) and the files of `fileField`.
 * Empty file inputs (a browser sends a nameless, empty part) are skipped; files under other names
 * are read and ignored.
 */
async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
  options: MultipartOptions = {},
): Promise<{ fields: Record<string, unknown>; files: { name: string; data: Buffer }[] }> {
  const fields: Record<string, unknown> = {};
  const files: { name: string; data: Buffer }[] = [];
  try {
    const parts = options.limits ? request.parts({ limits: options.limits }) : request.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== fileField) continue;
        // An untouched file input: no name (or an empty one) and no bytes.
        if (data.length === 0 && !part.filename) continue;
        files.push({ name: part.filename ?? '', data });
      } else if (!Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error, options.errors);
  }
  return { fields, files };
}

function multipartError(error: unknown, overrides: Record<string, () => HttpError> = {}): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? (overrides[code] ?? MULTIPART_ERRORS[code]) : undefined;
  if (known) return known();
  // Busboy's own complaints (a cut-off body, a broken part header) are the client's doing.
  return new HttpError(400, 'MALFORMED_FORM', 'The form data could not be read. Please send it again.');
}

/**
 * Writes pictures as `<folder>/<random>.webp` under the uploads folder and answers their paths
 * relative to it (the form `/uploads/<path>` serves). All or none: on a failure the files already
 * written are removed before the error goes on.
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
      await fs.writeFile(path.join(uploadsDir, relative), image.data, { flag: 'wx' });
      written.push(relative);
    }
    return written;
  } catch (error) {
    await removeImages(uploadsDir, folder, written);
    throw error;
  }
}

/**
 * Writes the renditions of one media picture as `<folder>/<name>-<width>.webp` (one random name
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
      await fs.writeFile(path.join(uploadsDir, relative), rendition.data, { flag: 'wx' });
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

import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  FastifyRequest,
  onRequestAbortAsyncHookHandler,
  onSendHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
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
import { Slots } from './slots.js';
import {
  type TempFolder,
  tempFolderHooks,
  tempFolderOf,
  uploadAbandoned,
  uploadTempDir,
} from './upload-temp.js';

/**
 * Uploaded pictures: read from a multipart form, recognised by their content (never by name or
 * declared type), turned upright, re-encoded to WebP without any metadata (so no GPS position
 * leaves a phone photo), scaled down, and only then written under the uploads folder.
 *
 * Memory stays flat however many people upload at once (docs/decisions/0011-upload-streaming.md):
 * no file is ever held whole in memory. Each part of a form is streamed to a file in the request's
 * temporary folder (lib/upload-temp.ts), sharp reads it from there and writes the WebP next to it,
 * and storing is a hard link into the uploads folder. At most DECODE_SLOTS pictures are decoded at
 * once in the whole process. The temporary folder goes with the answer, whatever it is.
 *
 * Multipart limits (5 MB a file, 10 files) are set where `@fastify/multipart` is registered in
 * app.ts and match IMAGE_RULES; busboy stops writing a file at the limit (so no temporary file
 * is ever larger), and a file over the limit is a 413, never a half-stored picture.
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
  /** The WebP file, in the request's temporary folder until it is stored. */
  file: string;
  /** Its size in bytes. */
  bytes: number;
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
 * Every picture this module decoded and re-encoded. A body schema accepts only these, and only
 * these are stored: a JSON body can imitate the shape of an uploaded file (`{ name, size, image:
 * { file: "/etc/passwd" } }`), but not put an object in this set, so nothing unprocessed (and no
 * file the client names) ever reaches the uploads folder.
 */
const processed = new WeakSet<object>();
const isProcessed = (value: object | undefined): boolean => value !== undefined && processed.has(value);

/**
 * How many pictures the whole process decodes at once. A decoded photo costs tens of MB, and
 * sharp gives each one a single libvips thread on glibc, so two keep both cores of a small server
 * busy; ten registrations at once then queue here instead of each holding a decoded photo.
 * Measured in docs/decisions/0011-upload-streaming.md.
 */
export const DECODE_SLOTS = 2;

// libvips keeps recent operations and their pixels (up to 50 MB) in case the same input comes
// again; every upload is a new file, so that cache only holds memory: 169 -> about 135 MB of
// growth in the bench's ten parallel registrations.
sharp.cache(false);

const decoding = new Slots(DECODE_SLOTS);

/**
 * Reads only a file's header and refuses what is not a picture we store or claims too many pixels
 * (a decompression bomb), before anything is decoded. Answers the picture's upright size.
 */
async function inspectImage(input: string): Promise<{ width: number; height: number }> {
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

/**
 * sharp's complaints while decoding, as a sentence for the user; but a file that could not be
 * read or written (a full disk, a folder removed because the client left) is not the picture's
 * fault and goes on as it is.
 */
function decodingProblem(error: unknown, temp: TempFolder): Error {
  if (temp.removed) return uploadAbandoned();
  const message = error instanceof Error ? error.message : '';
  if (/unable to open for write|write error|system error/i.test(message)) {
    return error instanceof Error ? error : new Error(message);
  }
  if (/pixel limit/i.test(message)) return new ImageRejected(IMAGE_PROBLEMS.tooManyPixels);
  return new ImageRejected(IMAGE_PROBLEMS.damaged);
}

const decoderOptions = { limitInputPixels: IMAGE_PROCESSING.maxInputPixels, failOn: 'truncated' } as const;

/** A WebP file sharp wrote into `temp`, known to this module from now on. */
function processedFile(file: string, info: OutputInfo): ProcessedImage {
  // Frozen: what placeImage links into the uploads folder is the file sharp wrote, nothing else.
  const image: ProcessedImage = Object.freeze({
    file,
    bytes: info.size,
    width: info.width,
    height: info.height,
  });
  processed.add(image);
  return image;
}

/**
 * Re-encodes the picture in the file `input` into a WebP file in `temp`; throws ImageRejected (a
 * sentence for the user) when it is not one. Waits for a decoding slot first.
 */
export function processImage(input: string, temp: TempFolder): Promise<ProcessedImage> {
  return decoding.run(async () => {
    // First, so that a request whose client left while it waited for the slot stops here.
    const output = await temp.newPath('.webp');
    await inspectImage(input);
    try {
      const info = await sharp(input, decoderOptions)
        .rotate()
        .resize({
          width: IMAGE_PROCESSING.maxEdge,
          height: IMAGE_PROCESSING.maxEdge,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: IMAGE_PROCESSING.quality })
        .toFile(output);
      return processedFile(output, info);
    } catch (error) {
      throw decodingProblem(error, temp);
    }
  });
}

/** A picture of the media library: every stored width, narrowest first (the last is the largest). */
export interface ProcessedMedia {
  width: number;
  height: number;
  renditions: ProcessedImage[];
}

/**
 * Re-encodes the picture in the file `input` for the media library (`POST admin/media`): the same
 * checks as processImage (content, pixel count), turned upright, without metadata, as WebP files
 * in `temp` in each of MEDIA_RULES.widths up to its own width (never enlarged) and no taller than
 * MEDIA_RULES.maxHeight. The original is decoded once; the smaller widths are made from that
 * upright copy (at most 1200 x 2400 pixels, held for as long as the decoding slot).
 */
export function processMedia(input: string, temp: TempFolder): Promise<ProcessedMedia> {
  return decoding.run(async () => {
    if (temp.removed) throw uploadAbandoned();
    const upright = await inspectImage(input);
    const largestAllowed = Math.max(...MEDIA_RULES.widths);
    const byHeight = Math.floor((MEDIA_RULES.maxHeight * upright.width) / upright.height);
    const largest = Math.max(1, Math.min(upright.width, largestAllowed, byHeight));
    try {
      const base = await sharp(input, decoderOptions)
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
        let rendition = sharp(base.data, { raw });
        if (width !== raw.width) rendition = rendition.resize({ width });
        const output = await temp.newPath(`-${width}.webp`);
        const info = await rendition.webp({ quality: IMAGE_PROCESSING.quality }).toFile(output);
        renditions.push(processedFile(output, info));
      }
      const media: ProcessedMedia = { width: raw.width, height: raw.height, renditions };
      processed.add(media);
      return media;
    } catch (error) {
      throw decodingProblem(error, temp);
    }
  });
}

/** A file part of a form, streamed into the request's temporary folder. */
interface ReceivedFile {
  /** The name the client gave it. */
  name: string;
  /** Where its bytes are. */
  path: string;
  size: number;
}

/**
 * Processes an uploaded file, keeping the reason as a user-facing sentence when it is refused.
 * The upload itself is removed once read: only the WebP is kept until the answer.
 */
async function toUploadedImage(file: ReceivedFile, temp: TempFolder): Promise<UploadedImage> {
  try {
    return { name: file.name, size: file.size, image: await processImage(file.path, temp) };
  } catch (error) {
    if (error instanceof ImageRejected) return { name: file.name, size: file.size, problem: error.message };
    throw error;
  } finally {
    await fs.rm(file.path, { force: true });
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
 * Runs `read` (which fills the request's temporary folder) and sets `request.body` to its result.
 * On any failure (a refused form, a client that left, an error) the folder goes at once; on
 * success it stays until the answer is sent (lib/upload-temp.ts), after the route stored what
 * it keeps.
 */
async function readIntoBody(
  request: FastifyRequest,
  read: (temp: TempFolder) => Promise<Record<string, unknown>>,
): Promise<void> {
  const temp = tempFolderOf(request, uploadTempDir(request.server.config.dataDir));
  try {
    const body = await read(temp);
    if (temp.removed) throw uploadAbandoned();
    request.body = body;
  } catch (error) {
    await temp.remove();
    throw error;
  }
}

/**
 * The hooks of a route that reads an upload form, to spread into its options (`...imageForm()`):
 * `preValidation` reads the form, the other two remove the request's temporary files once the
 * answer goes out or the client leaves (lib/upload-temp.ts).
 */
export interface UploadFormHooks {
  preValidation: preValidationAsyncHookHandler;
  onSend: onSendHookHandler;
  onRequestAbort: onRequestAbortAsyncHookHandler;
}

/**
 * For routes that take a multipart form with pictures: reads the form into `request.body` (text
 * fields as strings, the first value of each name; the files of `fileField` as UploadedImage[],
 * each already checked and re-encoded), so that the route's zod body schema validates fields and
 * pictures in one pass. JSON bodies pass through untouched. Empty file inputs (a browser sends a
 * nameless, empty part) are skipped; files under other names are read and ignored.
 */
export function imageForm(fileField: string = IMAGE_RULES.field): UploadFormHooks {
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    if (!request.isMultipart()) return;
    await readIntoBody(request, async (temp) => {
      const { fields, files } = await readMultipartForm(request, temp, fileField);
      // One after another within a form; DECODE_SLOTS bounds the decoding across all forms.
      const images: UploadedImage[] = [];
      for (const file of files) images.push(await toUploadedImage(file, temp));
      if (images.length > 0) fields[fileField] = images;
      return fields;
    });
  };
  return { preValidation, ...tempFolderHooks };
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
 * For `POST admin/media` (spread like imageForm): reads a multipart form of one picture (at most
 * MEDIA_RULES.maxBytes; a larger one is a 413, a second file a 400) and text fields into
 * `request.body`, the picture as an UploadedMedia already checked and rendered in every width.
 */
export function mediaForm(): UploadFormHooks {
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    if (!request.isMultipart()) return;
    await readIntoBody(request, async (temp) => {
      const { fields, files } = await readMultipartForm(request, temp, MEDIA_RULES.field, {
        limits: { fileSize: MEDIA_RULES.maxBytes, files: 1 },
        errors: MEDIA_MULTIPART_ERRORS,
      });
      const file = files[0];
      if (file) {
        const uploaded: UploadedMedia = { name: file.name, size: file.size };
        try {
          uploaded.media = await processMedia(file.path, temp);
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          uploaded.problem = error.message;
        } finally {
          await fs.rm(file.path, { force: true });
        }
        fields[MEDIA_RULES.field] = uploaded;
      }
      return fields;
    });
  };
  return { preValidation, ...tempFolderHooks };
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

/** A file over the multipart `fileSize` limit, answered like @fastify/multipart's own error. */
const fileTooLarge = () => Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });

/**
 * A file part whose stream @fastify/multipart already destroyed: the body ended inside it (cut
 * off, or no closing boundary). Such a stream never ends or fails for `pipeline`, which would
 * wait forever, so it is refused before piping (as a broken form, 400).
 */
function refuseCutOff(file: { destroyed: boolean; readableEnded: boolean }): void {
  if (file.destroyed && !file.readableEnded) {
    throw Object.assign(new Error('the form ended inside a file'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  }
}

/** Where the bytes of a file part nobody asked for go. */
const discard = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  });

/**
 * Reads a multipart form: text fields (the first value of each name) and the files of
 * `fileField`, each streamed into a file in `temp`, never held whole in memory. busboy stops
 * passing a file's bytes on at the `fileSize` limit and marks it truncated, so a temporary file
 * never grows past the limit, and a truncated one is the 413. Empty file inputs (a browser sends
 * a nameless, empty part) are skipped; files under other names are read to their end (within the
 * same limit) and dropped.
 */
async function readMultipartForm(
  request: FastifyRequest,
  temp: TempFolder,
  fileField: string,
  options: MultipartOptions = {},
): Promise<{ fields: Record<string, unknown>; files: ReceivedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: ReceivedFile[] = [];
  try {
    const parts = options.limits ? request.parts({ limits: options.limits }) : request.parts();
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField) {
        refuseCutOff(part.file);
        await pipeline(part.file, discard());
        if (part.file.truncated) throw fileTooLarge();
        continue;
      }
      const file = await temp.newPath('.upload');
      // After the await: the stream may have been destroyed meanwhile.
      refuseCutOff(part.file);
      const sink = createWriteStream(file, { flags: 'wx' });
      await pipeline(part.file, sink);
      if (part.file.truncated) throw fileTooLarge();
      // An untouched file input: no name (or an empty one) and no bytes.
      if (sink.bytesWritten === 0 && !part.filename) {
        await fs.rm(file, { force: true });
        continue;
      }
      files.push({ name: part.filename ?? '', path: file, size: sink.bytesWritten });
    }
  } catch (error) {
    throw multipartError(error, temp, options.errors);
  }
  return { fields, files };
}

function multipartError(
  error: unknown,
  temp: TempFolder,
  overrides: Record<string, () => HttpError> = {},
): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? (overrides[code] ?? MULTIPART_ERRORS[code]) : undefined;
  if (known) return known();
  if (temp.removed) return uploadAbandoned();
  // A temporary file that could not be written (a full disk) is ours to fix, not the client's.
  if (error instanceof Error && 'syscall' in error) return error;
  // Busboy's own complaints (a cut-off body, a broken part header) are the client's doing.
  return new HttpError(400, 'MALFORMED_FORM', 'The form data could not be read. Please send it again.');
}

/**
 * Puts a processed picture at `target` in the uploads folder: a hard link to its temporary file
 * (same filesystem, so nothing is copied, and like the `wx` flag it never replaces a file), or a
 * copy where links are not possible (the uploads folder mounted elsewhere). Only pictures this
 * module made are placed; their temporary file goes with the request's folder.
 */
async function placeImage(image: ProcessedImage, target: string): Promise<void> {
  if (!isProcessed(image)) throw new Error('only pictures processed by lib/images.ts can be stored');
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

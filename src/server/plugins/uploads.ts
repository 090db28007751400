import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAbortAsyncHookHandler,
  onSendHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { MEDIA_MESSAGES, MEDIA_RULES } from '../../shared/api/admin.js';
import { COMMON_ERROR_CODES } from '../../shared/api/error-codes.js';
import {
  displayName,
  type FileLike,
  IMAGE_RULES,
  imageFilesSchema,
  USER_MESSAGES,
} from '../../shared/api/users.js';
import { HttpError, invalid } from '../lib/errors.js';
import {
  ImageRejected,
  isProcessed,
  type ProcessedImage,
  type ProcessedMedia,
  processImage,
  processMedia,
} from '../lib/image-processing.js';
import {
  type TempFolder,
  tempFolderHooks,
  tempFolderOf,
  uploadAbandoned,
  uploadTempDir,
} from '../lib/upload-temp.js';

/**
 * Uploads: multipart forms with pictures. The plugin registers `@fastify/multipart` with the
 * limits of IMAGE_RULES (5 MB a file, 10 files); busboy stops writing a file at the limit (so no
 * temporary file is ever larger), and a file over the limit is a 413, never a half-stored picture.
 * A route that takes such a form spreads `imageForm()` or `mediaForm()` into its options and
 * validates the result with `uploadedImagesSchema()` or `uploadedMediaSchema()`.
 *
 * Memory stays flat however many people upload at once (docs/decisions/0011-upload-streaming.md):
 * each file part is streamed to a file in the request's temporary folder (lib/upload-temp.ts),
 * processed from there (lib/image-processing.ts), and stored by a hard link
 * (lib/upload-storage.ts). The temporary folder goes with the answer, whatever it is.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: IMAGE_RULES.maxBytes, files: IMAGE_RULES.maxFiles, fields: 40, fieldSize: 100_000 },
    });
  },
  { name: 'schoolyard-uploads' },
);

/** One file of a form, after processing: `image` when it is a usable picture, else `problem`. */
export interface UploadedImage extends FileLike {
  image?: ProcessedImage;
  problem?: string;
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
    new HttpError(413, COMMON_ERROR_CODES.fileTooLarge, `${USER_MESSAGES.imageTooLarge}.`, [
      { field: IMAGE_RULES.field, message: USER_MESSAGES.imageTooLarge },
    ]),
  FST_FILES_LIMIT: () =>
    invalid(`${USER_MESSAGES.tooManyImages}.`, [
      { field: IMAGE_RULES.field, message: USER_MESSAGES.tooManyImages },
    ]),
  FST_FIELDS_LIMIT: () => new HttpError(413, COMMON_ERROR_CODES.tooLarge, 'The form has too many fields.'),
  FST_PARTS_LIMIT: () => new HttpError(413, COMMON_ERROR_CODES.tooLarge, 'The form has too many parts.'),
};

/**
 * Runs `read` (which fills the request's temporary folder) and sets `request.body` to its result.
 * On any failure (a refused form, a client that left, an error) the folder goes at once; on
 * success it stays until the answer is sent (lib/upload-temp.ts), after the route stored what
 * it keeps.
 */
export async function readIntoBody(
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
    new HttpError(413, COMMON_ERROR_CODES.fileTooLarge, `${MEDIA_MESSAGES.tooLarge}.`, [
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

/**
 * For routes that take several pictures each stored in the media library's widths (photo moments):
 * like imageForm (the files of `fileField`, at most IMAGE_RULES.maxFiles of IMAGE_RULES.maxBytes),
 * but each file is rendered by processMedia, one after another, into an UploadedMedia.
 */
export function mediaFilesForm(fileField: string): UploadFormHooks {
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    if (!request.isMultipart()) return;
    await readIntoBody(request, async (temp) => {
      const { fields, files } = await readMultipartForm(request, temp, fileField);
      const uploads: UploadedMedia[] = [];
      for (const file of files) {
        const uploaded: UploadedMedia = { name: file.name, size: file.size };
        try {
          uploaded.media = await processMedia(file.path, temp);
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          uploaded.problem = error.message;
        } finally {
          await fs.rm(file.path, { force: true });
        }
        uploads.push(uploaded);
      }
      if (uploads.length > 0) fields[fileField] = uploads;
      return fields;
    });
  };
  return { preValidation, ...tempFolderHooks };
}

/** The files of a mediaFilesForm in a body schema: 1 to IMAGE_RULES.maxFiles pictures, each usable. */
export function uploadedMediaFilesSchema() {
  return imageFilesSchema<UploadedMedia>().superRefine((files, ctx) => {
    if (files.some((f) => f.problem === undefined && !isProcessed(f.media))) {
      ctx.addIssue({ code: 'custom', message: USER_MESSAGES.notAFile });
      return;
    }
    const refused = files.filter((f) => f.problem !== undefined);
    if (refused.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: refused.map((f) => `${displayName(f.name)} ${f.problem}.`).join(' '),
      });
  });
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

export interface MultipartOptions {
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
export async function readMultipartForm(
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
  return new HttpError(
    400,
    COMMON_ERROR_CODES.malformedForm,
    'The form data could not be read. Please send it again.',
  );
}

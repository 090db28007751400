import fs from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MEDIA_RULES, mediaWidthsFor } from '../../shared/api/admin.js';
import { Slots } from './slots.js';
import { type TempFolder, uploadAbandoned } from './upload-temp.js';

/**
 * Image processing: a picture in a file is recognised by its content (never by name or declared
 * type), turned upright, re-encoded to WebP without any metadata (so no GPS position leaves a
 * phone photo) and scaled down, into the request's temporary folder (lib/upload-temp.ts). sharp
 * reads the file from disk, so no picture is ever held whole in memory, and at most DECODE_SLOTS
 * pictures are decoded at once in the whole process (docs/decisions/0011-upload-streaming.md).
 * Storing the result is lib/upload-storage.ts; reading it from a form is plugins/uploads.ts.
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

/** A file that is not a picture we store; its message is a sentence for the user. */
export class ImageRejected extends Error {}

/**
 * Every picture this module decoded and re-encoded. A body schema accepts only these, and only
 * these are stored: a JSON body can imitate the shape of an uploaded file (`{ name, size, image:
 * { file: "/etc/passwd" } }`), but not put an object in this set, so nothing unprocessed (and no
 * file the client names) ever reaches the uploads folder.
 */
const processed = new WeakSet<object>();
export const isProcessed = (value: object | undefined): boolean =>
  value !== undefined && processed.has(value);

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
  // Frozen: what storage links into the uploads folder is the file sharp wrote, nothing else.
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

/**
 * Writes the picture in `input` again in its own format (JPEG, PNG or WebP), upright and without
 * its metadata (a phone's GPS position, the camera, the time), for files kept as the family sent
 * them, such as an admission's documents. Throws ImageRejected (a sentence for the user) when it is
 * not a picture it can read. Answers the new size in bytes; the file is replaced.
 */
export function rewritePictureWithoutMetadata(
  input: string,
  format: 'jpeg' | 'png' | 'webp',
): Promise<number> {
  return decoding.run(async () => {
    await inspectImage(input);
    const output = `${input}.clean`;
    try {
      const upright = sharp(input, decoderOptions).rotate();
      const encoded =
        format === 'jpeg'
          ? upright.jpeg({ quality: 92 })
          : format === 'png'
            ? upright.png()
            : upright.webp({ quality: 92 });
      const info = await encoded.toFile(output);
      await fs.rename(output, input);
      return info.size;
    } catch (error) {
      await fs.rm(output, { force: true });
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) throw new ImageRejected(IMAGE_PROBLEMS.tooManyPixels);
      throw new ImageRejected(IMAGE_PROBLEMS.damaged);
    }
  });
}

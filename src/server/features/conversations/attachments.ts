import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { CONVERSATION_MESSAGES, CONVERSATION_RULES } from '../../../shared/api/conversations.js';
import { CARE_ERROR_CODES, COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { displayName } from '../../../shared/api/users.js';
import type { Db } from '../../db/connect.js';
import { claimAttempt } from '../../lib/attempt-counters.js';
import { HttpError, invalid } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { ImageRejected, isProcessed, type ProcessedImage, processImage } from '../../lib/image-processing.js';
import { storeImages } from '../../lib/upload-storage.js';
import { tempFolderHooks } from '../../lib/upload-temp.js';
import { readIntoBody, readMultipartForm, type UploadFormHooks } from '../../plugins/uploads.js';

/**
 * A message's attachment (docs/decisions/0080-conversations.md): one picture, checked and
 * re-encoded by the image pipeline (no metadata), or one PDF, recognised by its content (its header
 * and its end-of-file marker), at most CONVERSATION_RULES.attachmentMaxBytes. Stored in the child's
 * private folder `conversations/<student id>/`, which /uploads never serves.
 */

const FIELD = CONVERSATION_RULES.attachmentField;

export interface UploadedAttachment {
  name: string;
  size: number;
  image?: ProcessedImage;
  /** A checked PDF: where its bytes wait in the request's temporary folder. */
  pdf?: string;
  problem?: string;
}

const checkedPdfs = new WeakSet<object>();

/** Whether the file's bytes are a PDF: `%PDF-` first, `%%EOF` within its last kilobyte. */
async function isPdf(file: string, size: number): Promise<boolean> {
  if (size < 16) return false;
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (!/^%PDF-[12]\.\d/.test(head.toString('latin1'))) return false;
    const tailSize = Math.min(1024, size);
    const tail = Buffer.alloc(tailSize);
    await handle.read(tail, 0, tailSize, size - tailSize);
    return tail.toString('latin1').includes('%%EOF');
  } finally {
    await handle.close();
  }
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts one attachment of the account, or throws 429 with Retry-After when it has sent
 * CONVERSATION_RULES.attachmentsPerHour within the hour (counted in the database: every process sees it).
 */
export async function claimAttachment(db: Db, userId: number, now = Date.now()): Promise<void> {
  const claim = await claimAttempt(
    db,
    [
      {
        subject: `conversation-attachment:${userId}`,
        max: CONVERSATION_RULES.attachmentsPerHour,
        windowMs: HOUR_MS,
      },
    ],
    now,
  );
  if (!claim.granted) {
    const minutes = Math.max(1, Math.ceil(claim.retryAfterSeconds / 60));
    throw new HttpError(
      429,
      CARE_ERROR_CODES.tooManyUploads,
      CONVERSATION_MESSAGES.tooManyAttachments(minutes),
      undefined,
      claim.retryAfterSeconds,
    );
  }
}

const tooLarge = () =>
  new HttpError(413, COMMON_ERROR_CODES.fileTooLarge, `${CONVERSATION_MESSAGES.tooLarge}.`, [
    { field: FIELD, message: CONVERSATION_MESSAGES.tooLarge },
  ]);

/** The hooks of the message route (spread like imageForm): reads the form's fields and its one attachment. */
export function attachmentForm(): UploadFormHooks {
  const preValidation: preValidationAsyncHookHandler = async (request) => {
    if (!request.isMultipart()) return;
    await readIntoBody(request, async (temp) => {
      const { fields, files } = await readMultipartForm(request, temp, FIELD, {
        limits: { fileSize: CONVERSATION_RULES.attachmentMaxBytes, files: 1 },
        errors: {
          FST_REQ_FILE_TOO_LARGE: tooLarge,
          FST_FILES_LIMIT: () =>
            invalid(`${CONVERSATION_MESSAGES.notAFile}.`, [
              { field: FIELD, message: CONVERSATION_MESSAGES.notAFile },
            ]),
        },
      });
      const file = files[0];
      if (!file) return fields;
      const uploaded: UploadedAttachment = { name: file.name, size: file.size };
      if (await isPdf(file.path, file.size)) {
        uploaded.pdf = file.path;
        checkedPdfs.add(uploaded);
      } else {
        try {
          uploaded.image = await processImage(file.path, temp);
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          uploaded.problem = CONVERSATION_MESSAGES.notPdfOrImage;
        } finally {
          await fs.rm(file.path, { force: true });
        }
      }
      fields[FIELD] = uploaded;
      return fields;
    });
  };
  return { preValidation, ...tempFolderHooks };
}

const isUploaded = (value: unknown): value is UploadedAttachment =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadedAttachment).name === 'string' &&
  typeof (value as UploadedAttachment).size === 'number';

/** The `attachment` of the message body: one file, with the server's verdict on it. */
export function uploadedAttachmentSchema() {
  return z
    .custom<UploadedAttachment>(isUploaded, { error: CONVERSATION_MESSAGES.notAFile })
    .meta({ type: 'string', format: 'binary' })
    .superRefine((file, ctx) => {
      if (file.problem !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${displayName(file.name)} ${file.problem}.` });
      } else if (!(file.image && isProcessed(file.image)) && !(file.pdf && checkedPdfs.has(file))) {
        ctx.addIssue({ code: 'custom', message: CONVERSATION_MESSAGES.notAFile });
      }
    });
}

/** The folder of one child's attachments. */
export const attachmentFolder = (studentId: number) => `conversations/${studentId}`;

/** A file name as an attachment keeps it: its last part, only printable characters, bounded. */
const keptName = (name: string, fallback: string) =>
  (
    [...displayName(name)]
      .filter(
        (char) => (char.codePointAt(0) ?? 0) >= 0x20 && char !== '\u007f' && char !== '"' && char !== '\\',
      )
      .join('')
      .trim() || fallback
  ).slice(0, 200);

/** Stores the checked attachment; answers what the message keeps of it. */
export async function storeAttachment(
  files: FileStore,
  studentId: number,
  uploaded: UploadedAttachment,
): Promise<{ path: string; kind: 'image' | 'pdf'; name: string; size: number }> {
  const folder = attachmentFolder(studentId);
  if (uploaded.image) {
    const [path] = await storeImages(files, folder, [uploaded.image]);
    if (!path) throw new Error('the picture was not stored');
    const size = (await files.stat(path))?.size ?? uploaded.image.bytes;
    return {
      path,
      kind: 'image',
      name: keptName(uploaded.name, 'photo.webp').replace(/\.[^.]*$/, '.webp'),
      size,
    };
  }
  if (!uploaded.pdf) throw new Error('an attachment must be checked before it is stored');
  const path = `${folder}/${crypto.randomBytes(16).toString('hex')}.pdf`;
  await files.putFile(path, uploaded.pdf);
  return { path, kind: 'pdf', name: keptName(uploaded.name, 'document.pdf'), size: uploaded.size };
}

/** Removes a stored attachment whose message could not be saved. */
export async function dropAttachment(files: FileStore, path: string | undefined): Promise<void> {
  if (path) await files.remove([path]);
}

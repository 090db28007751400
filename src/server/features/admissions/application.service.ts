import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import {
  APPLICATION_MESSAGES,
  APPLICATION_RULES,
  type Application,
  type ApplicationDraft,
  type ApplicationView,
  type DocumentKind,
  type DocumentType,
} from '../../../shared/api/admission-application.js';
import { ADMISSIONS_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { displayName } from '../../../shared/api/users.js';
import { isLocale, type Locale } from '../../../shared/i18n/locales.js';
import { MAIL_LINK_PATHS } from '../../../shared/mail-links.js';
import type { AdmissionStage } from '../../../shared/rules/admission-stages.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { translatorFor } from '../../lib/i18n.js';
import { ImageRejected, rewritePictureWithoutMetadata } from '../../lib/image-processing.js';
import { hashToken, newSecretToken } from '../../lib/secret-token.js';
import { nowIso } from '../../lib/time.js';
import { mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings, schoolToday } from '../settings/settings.repository.js';
import {
  applicationRow,
  caseDocuments,
  caseOfLink,
  countCaseDocuments,
  deleteDocument,
  findCaseDocument,
  insertApplicationLink,
  insertDocument,
  type StoredDocument,
  saveDraftRow,
  shownDocument,
  submitRow,
} from './application.repository.js';
import { findCase, moveCase } from './cases.repository.js';

/**
 * The application a family fills in once (docs/decisions/0103-the-application-families-fill-in.md):
 * opened by a link (its token, kept as a hash; every link of the case opens it until the case is
 * closed or enrolled), saved as a draft, documents uploaded and removed, sent once with a typed
 * signature (its time and IP address kept), read-only after. Sending moves a case at "enquiry" or
 * "visit" to "applied"; a case further on stays where it is.
 */

const A = APPLICATION_MESSAGES;
const C = ADMISSIONS_ERROR_CODES;

/** Where an application link leads (a public page of the site). */
export const APPLICATION_PATH = MAIL_LINK_PATHS.admissionApply;
const TOKEN_BYTES = 32;

/** The stages whose application can no longer be opened. */
const CLOSED_STAGES: readonly AdmissionStage[] = ['closed', 'enrolled'];
/** The stages a sent application moves to "applied". */
const BEFORE_APPLIED: readonly AdmissionStage[] = ['enquiry', 'visit'];

/** A new link to the case's application: its token, for a mail (only its hash is kept). */
export async function newApplicationLink(trx: Db, caseId: number): Promise<string> {
  const token = newSecretToken(TOKEN_BYTES);
  await insertApplicationLink(trx, caseId, hashToken(token), nowIso());
  return token;
}

/** The mail link of an application token. */
export const applicationLinkUrl = (mail: MailConfig, token: string): string =>
  mailLink(mail, APPLICATION_PATH, { token });

/** The case a token opens: 404 for no case, 409 APPLICATION_CLOSED for a closed or enrolled one. */
async function openCaseOf(db: Db, token: string) {
  const caseId = await caseOfLink(db, hashToken(token));
  const found = caseId === undefined ? undefined : await findCase(db, caseId);
  if (!found) throw notFound('That application');
  if (CLOSED_STAGES.includes(found.stage)) throw conflict(C.applicationClosed, A.caseClosed);
  return found;
}

/** Like openCaseOf, and 409 APPLICATION_SENT once the application was sent. */
async function draftCaseOf(db: Db, token: string) {
  const found = await openCaseOf(db, token);
  const row = await applicationRow(db, found.id);
  if (row?.status === 'submitted') throw conflict(C.applicationSent, A.alreadySent);
  return found;
}

/** The school's terms in the family's language. */
async function termsText(db: Db, locale: Locale): Promise<string> {
  const { name } = await readSettings(db);
  return translatorFor(locale).t('admissions.apply.terms.text', { school: name });
}

async function admissionClasses(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('school_class')
    .select(['id', 'name'])
    .where('takes_admissions', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

const parseDocument = (json: string): ApplicationDraft => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as ApplicationDraft) : {};
  } catch {
    return {};
  }
};

/** The application as its link opens it. */
export async function openApplication(db: Db, token: string): Promise<ApplicationView> {
  const found = await openCaseOf(db, token);
  const locale: Locale = isLocale(found.language) ? found.language : 'en';
  const row = await applicationRow(db, found.id);
  return {
    childName: found.childName,
    className: found.className,
    yearName: found.yearName,
    classId: found.classId,
    classes: await admissionClasses(db),
    terms: await termsText(db, locale),
    language: found.language,
    status: row?.status === 'submitted' ? 'submitted' : 'draft',
    draft: row ? parseDocument(row.document) : {},
    signatureName: row?.signature_name ?? null,
    submittedAt: row?.submitted_at ?? null,
    documents: (await caseDocuments(db, found.id)).map(shownDocument),
  };
}

/** Saves the draft as it is (every part optional); 409 once sent. */
export async function saveDraft(db: Db, token: string, draft: ApplicationDraft): Promise<ApplicationView> {
  await db.transaction().execute(async (trx) => {
    const found = await draftCaseOf(trx, token);
    if (!(await saveDraftRow(trx, found.id, draft, nowIso())))
      throw conflict(C.applicationSent, A.alreadySent);
  });
  return openApplication(db, token);
}

/** The file type of a document by its first bytes; undefined for any other. */
export function documentTypeOf(head: Uint8Array): DocumentType | undefined {
  const text = Buffer.from(head).toString('latin1');
  if (text.startsWith('%PDF-')) return 'application/pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (text.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const EXTENSIONS: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The format a picture document is written again in. */
const PICTURE_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** A file name as a document keeps it: its last part, printable characters only, bounded. */
const keptName = (name: string): string =>
  (
    [...displayName(name.slice(name.lastIndexOf('/') + 1).slice(name.lastIndexOf('\\') + 1))]
      .filter(
        (char) => (char.codePointAt(0) ?? 0) >= 0x20 && char !== '\u007f' && char !== '"' && char !== '\\',
      )
      .join('')
      .trim() || 'document'
  ).slice(0, 200);

/** Checks, before the upload is read, that the link may take a document: 404, 409, or 400 at the count limit. */
export async function mayUpload(db: Db, token: string): Promise<void> {
  const found = await draftCaseOf(db, token);
  if ((await countCaseDocuments(db, found.id)) >= APPLICATION_RULES.documentsPerCase)
    throw invalid(A.tooManyDocuments, [{ field: 'file', message: A.tooManyDocuments }]);
}

/**
 * Keeps an uploaded file (already in the request's temporary folder, within the size limit) as a
 * document of the case: 400 for a file that is no PDF, JPEG, PNG or WebP by its first bytes (and
 * for a child's photo that is no picture), or past the count limit.
 */
export async function addDocument(
  db: Db,
  files: FileStore,
  token: string,
  kind: DocumentKind,
  upload: { name: string; path: string; size: number },
  maxDocuments: number,
): Promise<StoredDocument> {
  const head = Buffer.alloc(16);
  const handle = await fs.open(upload.path, 'r');
  try {
    await handle.read(head, 0, 16, 0);
  } finally {
    await handle.close();
  }
  const type = upload.size >= 16 ? documentTypeOf(head) : undefined;
  if (!type) throw invalid(A.wrongType, [{ field: 'file', message: A.wrongType }]);
  if (kind === 'child-photo' && type === 'application/pdf')
    throw invalid(A.photoNotPicture, [{ field: 'file', message: A.photoNotPicture }]);
  const found = await draftCaseOf(db, token);
  // A picture is kept upright and without its metadata (a phone's photo carries where it was taken).
  let size = upload.size;
  if (type !== 'application/pdf') {
    try {
      size = await rewritePictureWithoutMetadata(upload.path, PICTURE_FORMATS[type]);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      throw invalid(error.message, [{ field: 'file', message: error.message }]);
    }
  }
  const storedName = `admissions/${found.id}/${crypto.randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
  await files.putFile(storedName, upload.path);
  try {
    return await db.transaction().execute(async (trx) => {
      // Counted again inside the transaction that adds it; the case's row is the lock.
      await trx
        .updateTable('admission_case')
        .set({ updated_at: nowIso() })
        .where('id', '=', found.id)
        .execute();
      if ((await countCaseDocuments(trx, found.id)) >= maxDocuments)
        throw invalid(A.tooManyDocuments, [{ field: 'file', message: A.tooManyDocuments }]);
      const sent = await applicationRow(trx, found.id);
      if (sent?.status === 'submitted') throw conflict(C.applicationSent, A.alreadySent);
      return insertDocument(trx, {
        caseId: found.id,
        kind,
        name: keptName(upload.name),
        mimeType: type,
        size,
        storedName,
        at: nowIso(),
      });
    });
  } catch (error) {
    await files.remove([storedName]);
    throw error;
  }
}

/** Removes a document of the application (a draft's only); 404 for a document of another case. */
export async function removeDocument(
  db: Db,
  files: FileStore,
  token: string,
  documentId: number,
): Promise<void> {
  const stored = await db.transaction().execute(async (trx) => {
    const found = await draftCaseOf(trx, token);
    const document = await findCaseDocument(trx, found.id, documentId);
    if (!document) throw notFound('That document');
    await deleteDocument(trx, found.id, documentId);
    return document;
  });
  await files.remove([stored.storedName]);
}

/**
 * Sends the application (checked whole by the route's schema): the child's photo must be a picture
 * of this application, the class one that takes admissions (or the case's own), the start date
 * today or later. Keeps the typed signature with its time and address; moves the case to "applied"
 * from "enquiry" or "visit" (a move by the family: movedBy null). 409 when already sent.
 */
export async function submitApplication(
  db: Db,
  token: string,
  application: Application,
  from: string,
): Promise<ApplicationView> {
  await db.transaction().execute(async (trx) => {
    const found = await draftCaseOf(trx, token);
    const photoId = application.child.photoDocumentId;
    if (photoId !== null) {
      const photo = await findCaseDocument(trx, found.id, photoId);
      if (!photo || photo.mimeType === 'application/pdf')
        throw invalid(A.photoNotPicture, [{ field: 'child.photoDocumentId', message: A.photoNotPicture }]);
    }
    const classId = application.wanted.classId;
    if (classId !== found.classId && !(await admissionClasses(trx)).some((c) => c.id === classId))
      throw invalid(A.classNotOpen, [{ field: 'wanted.classId', message: A.classNotOpen }]);
    if (application.wanted.startDate < (await schoolToday(trx)))
      throw invalid(A.startDatePast, [{ field: 'wanted.startDate', message: A.startDatePast }]);
    const at = nowIso();
    const kept = await submitRow(trx, found.id, application, {
      name: application.signatureName,
      at,
      from,
    });
    if (!kept) throw conflict(C.applicationSent, A.alreadySent);
    // The family names the child here (a Book A Seat request names only the parent): the board and
    // the case show the name the application gives.
    await trx
      .updateTable('admission_case')
      .set({ child_name: application.child.name.slice(0, 100), updated_at: at })
      .where('id', '=', found.id)
      .execute();
    if (BEFORE_APPLIED.includes(found.stage)) {
      await moveCase(
        trx,
        found.id,
        { from: found.stage, to: 'applied', by: null, at, note: '', details: {} },
        {},
      );
    } else {
      // The case stays where it is; its history still says the application came.
      await trx
        .insertInto('admission_move')
        .values({
          case_id: found.id,
          from_stage: found.stage,
          to_stage: found.stage,
          moved_by: null,
          moved_at: at,
          note: '',
          details: JSON.stringify({ application: 'submitted' }),
        })
        .execute();
    }
  });
  return openApplication(db, token);
}

/**
 * The principal sends the family a link to the application, in the family's language (through the
 * outbox; the stored mail holds no key). 404 for no case, 409 APPLICATION_CLOSED for a closed or
 * enrolled one.
 */
export async function mailApplicationLink(db: Db, mail: MailConfig, caseId: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const found = await findCase(trx, caseId);
    if (!found) throw notFound('That admission case');
    if (CLOSED_STAGES.includes(found.stage)) throw conflict(C.applicationClosed, A.caseClosed);
    const token = await newApplicationLink(trx, caseId);
    const locale: Locale = isLocale(found.language) ? found.language : 'en';
    const { t } = translatorFor(locale);
    const child = found.childName || found.familyName;
    await queueMails(trx, mail, [
      {
        to: { address: found.email, name: found.familyName },
        greeting: t('mail.greeting', { name: found.familyName }),
        locale,
        kind: 'admission-application',
        subject: t('mail.admissions.application.subject', { child }),
        paragraphs: [t('mail.admissions.application.body', { child })],
        action: { label: t('mail.admissions.application.action'), url: applicationLinkUrl(mail, token) },
      },
    ]);
    return found.email;
  });
}

import {
  type Application,
  type ApplicationDocument,
  type ApplicationDraft,
  ApplicationDraftSchema,
  ApplicationSchema,
  type CaseApplication,
  type DocumentKind,
  type DocumentType,
} from '../../../shared/api/admission-application.js';
import type { Db } from '../../db/connect.js';

/**
 * The application of an admission case, its links and documents
 * (docs/decisions/0103-the-application-families-fill-in.md). Rows become API objects here only;
 * the rules (who may change what, when) are in application.service.ts.
 */

/** A document with where its file is in the file store (never shown to the family). */
export interface StoredDocument extends ApplicationDocument {
  caseId: number;
  storedName: string;
}

/** A case's application as sent, with its documents: what the enrolment reads. */
export interface SubmittedApplication {
  caseId: number;
  application: Application;
  signatureName: string;
  signedAt: string;
  /** The IP address it was sent from. */
  signedFrom: string;
  submittedAt: string;
  documents: StoredDocument[];
}

const DOCUMENT_COLUMNS = [
  'id',
  'case_id',
  'kind',
  'original_name',
  'mime_type',
  'size',
  'stored_name',
  'uploaded_at',
] as const;

type DocumentRow = {
  id: number;
  case_id: number;
  kind: string;
  original_name: string;
  mime_type: string;
  size: number;
  stored_name: string;
  uploaded_at: string;
};

const documentOf = (row: DocumentRow): StoredDocument => ({
  id: row.id,
  caseId: row.case_id,
  kind: row.kind as DocumentKind,
  name: row.original_name,
  mimeType: row.mime_type as DocumentType,
  size: Number(row.size),
  uploadedAt: row.uploaded_at,
  storedName: row.stored_name,
});

/** What the family and the principal see of a document. */
export const shownDocument = ({
  id,
  kind,
  name,
  mimeType,
  size,
  uploadedAt,
}: StoredDocument): ApplicationDocument => ({
  id,
  kind,
  name,
  mimeType,
  size,
  uploadedAt,
});

/** The document JSON as stored: a draft that no longer parses (an older shape) reads as empty. */
const draftOf = (json: string): ApplicationDraft => {
  try {
    const parsed = ApplicationDraftSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

export async function caseDocuments(db: Db, caseId: number): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('admission_document')
    .select(DOCUMENT_COLUMNS)
    .where('case_id', '=', caseId)
    .orderBy('id')
    .execute();
  return rows.map(documentOf);
}

/** One document of the case; undefined for a document of another case or none. */
export async function findCaseDocument(
  db: Db,
  caseId: number,
  documentId: number,
): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('admission_document')
    .select(DOCUMENT_COLUMNS)
    .where('case_id', '=', caseId)
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row ? documentOf(row) : undefined;
}

export async function countCaseDocuments(db: Db, caseId: number): Promise<number> {
  const row = await db
    .selectFrom('admission_document')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDocument(
  trx: Db,
  row: {
    caseId: number;
    kind: DocumentKind;
    name: string;
    mimeType: DocumentType;
    size: number;
    storedName: string;
    at: string;
  },
): Promise<StoredDocument> {
  const inserted = await trx
    .insertInto('admission_document')
    .values({
      case_id: row.caseId,
      kind: row.kind,
      original_name: row.name,
      mime_type: row.mimeType,
      size: row.size,
      stored_name: row.storedName,
      uploaded_at: row.at,
    })
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirstOrThrow();
  return documentOf(inserted);
}

export async function deleteDocument(trx: Db, caseId: number, documentId: number): Promise<void> {
  await trx
    .deleteFrom('admission_document')
    .where('case_id', '=', caseId)
    .where('id', '=', documentId)
    .execute();
}

// ---------------------------------------------------------------- the application row

export async function applicationRow(db: Db, caseId: number) {
  return db.selectFrom('admission_application').selectAll().where('case_id', '=', caseId).executeTakeFirst();
}

/** The case's application as the principal reads it; null when the family has not begun one. */
export async function caseApplication(db: Db, caseId: number): Promise<CaseApplication | null> {
  const row = await applicationRow(db, caseId);
  if (!row) return null;
  return {
    status: row.status === 'submitted' ? 'submitted' : 'draft',
    document: draftOf(row.document),
    signatureName: row.signature_name,
    signedAt: row.signed_at,
    signedFrom: row.signed_from,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

/** Saves the draft; false when the application was sent meanwhile (a sent one is never changed). */
export async function saveDraftRow(
  trx: Db,
  caseId: number,
  draft: ApplicationDraft,
  at: string,
): Promise<boolean> {
  const document = JSON.stringify(draft);
  const existing = await applicationRow(trx, caseId);
  if (!existing) {
    await trx
      .insertInto('admission_application')
      .values({ case_id: caseId, document, status: 'draft', created_at: at, updated_at: at })
      .execute();
    return true;
  }
  const result = await trx
    .updateTable('admission_application')
    .set({ document, updated_at: at })
    .where('case_id', '=', caseId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps the application as sent; false when it was already sent. */
export async function submitRow(
  trx: Db,
  caseId: number,
  application: Application,
  signature: { name: string; at: string; from: string },
): Promise<boolean> {
  const document = JSON.stringify(application);
  const values = {
    document,
    status: 'submitted',
    signature_name: signature.name,
    signed_at: signature.at,
    signed_from: signature.from,
    submitted_at: signature.at,
    updated_at: signature.at,
  };
  const existing = await applicationRow(trx, caseId);
  if (!existing) {
    await trx
      .insertInto('admission_application')
      .values({ case_id: caseId, created_at: signature.at, ...values })
      .execute();
    return true;
  }
  const result = await trx
    .updateTable('admission_application')
    .set(values)
    .where('case_id', '=', caseId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The case's application as the family sent it, with its documents; undefined while it is a draft
 * or none. For the enrolment (point 4 of the admissions): what it copies into the pupil's records.
 */
export async function submittedApplication(
  db: Db,
  caseId: number,
): Promise<SubmittedApplication | undefined> {
  const row = await applicationRow(db, caseId);
  if (row?.status !== 'submitted') return undefined;
  const parsed = ApplicationSchema.safeParse(JSON.parse(row.document));
  if (!parsed.success) return undefined;
  return {
    caseId,
    application: parsed.data,
    signatureName: row.signature_name ?? '',
    signedAt: row.signed_at ?? '',
    signedFrom: row.signed_from ?? '',
    submittedAt: row.submitted_at ?? '',
    documents: await caseDocuments(db, caseId),
  };
}

// ---------------------------------------------------------------- links

export async function insertApplicationLink(
  trx: Db,
  caseId: number,
  tokenHash: string,
  at: string,
): Promise<void> {
  await trx
    .insertInto('admission_application_link')
    .values({ case_id: caseId, token_hash: tokenHash, created_at: at })
    .execute();
}

/** The case a link's token opens; undefined for none. */
export async function caseOfLink(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('admission_application_link')
    .select('case_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.case_id;
}

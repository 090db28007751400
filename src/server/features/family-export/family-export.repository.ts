import type { Selectable } from 'kysely';
import type { ExportState, FamilyExport } from '../../../shared/api/family-export.js';
import type { UserType } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { Db } from '../../db/connect.js';
import type { FamilyExportTable } from '../../db/database.js';

export type ExportRow = Selectable<FamilyExportTable>;

export function toFamilyExport(row: ExportRow, readerId: number): FamilyExport {
  return {
    id: row.id,
    studentId: row.student_id,
    requestedBy: row.requested_by_name,
    requestedByType: row.requested_by_type as UserType,
    isYours: row.requested_by === readerId,
    requestedAt: row.requested_at,
    state: row.state as ExportState,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
    size: row.size === null ? null : Number(row.size),
    downloads: Number(row.downloads),
  };
}

/** The request of this requester for this child that is still being made, if any. */
export function findUnderWay(db: Db, studentId: number, requesterId: number): Promise<ExportRow | undefined> {
  return db
    .selectFrom('family_export')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('requested_by', '=', requesterId)
    .where('state', 'in', ['waiting', 'building'])
    .executeTakeFirst();
}

export async function insertRequest(
  db: Db,
  request: {
    studentId: number;
    requester: { id: number; name: string; type: string };
    language: Locale;
    at: string;
    from: string;
  },
): Promise<ExportRow> {
  return db
    .insertInto('family_export')
    .values({
      student_id: request.studentId,
      requested_by: request.requester.id,
      requested_by_name: request.requester.name.slice(0, 200),
      requested_by_type: request.requester.type,
      language: request.language,
      requested_at: request.at,
      requested_from: request.from.slice(0, 64),
      state: 'waiting',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The child's requests, newest first: every one, or only `requesterId`'s. */
export function requestsOfChild(db: Db, studentId: number, requesterId: number | null): Promise<ExportRow[]> {
  let query = db.selectFrom('family_export').selectAll().where('student_id', '=', studentId);
  if (requesterId !== null) query = query.where('requested_by', '=', requesterId);
  return query.orderBy('id', 'desc').limit(50).execute();
}

/**
 * Claims one request to build: the oldest waiting one, or one whose builder's claim has run out (a
 * process that stopped mid-way). The update's condition is the lock: of several processes looking
 * at once, exactly one changes the row, and only it builds.
 */
export async function claimNext(db: Db, now: Date, leaseMs: number): Promise<ExportRow | undefined> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom('family_export')
    .select(['id', 'claimed_at'])
    .where((eb) =>
      eb.or([
        eb('state', '=', 'waiting'),
        eb.and([eb('state', '=', 'building'), eb('claimed_until', '<', at)]),
      ]),
    )
    .orderBy('id')
    .limit(5)
    .execute();
  for (const candidate of candidates) {
    const result = await db
      .updateTable('family_export')
      .set({
        state: 'building',
        claimed_at: at,
        claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
      })
      .where('id', '=', candidate.id)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'waiting'),
          eb.and([eb('state', '=', 'building'), eb('claimed_until', '<', at)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return db.selectFrom('family_export').selectAll().where('id', '=', candidate.id).executeTakeFirst();
    }
  }
  return undefined;
}

/** Marks the claimed request ready, unless another builder took it over meanwhile; answers whether it did. */
export async function markReady(
  db: Db,
  claimed: ExportRow,
  ready: { filePath: string; size: number; tokenHash: string; at: string; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('family_export')
    .set({
      state: 'ready',
      ready_at: ready.at,
      expires_at: ready.expiresAt,
      file_path: ready.filePath,
      size: ready.size,
      token_hash: ready.tokenHash,
      claimed_until: null,
      error: null,
    })
    .where('id', '=', claimed.id)
    .where('state', '=', 'building')
    .where('claimed_at', '=', claimed.claimed_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markFailed(db: Db, claimed: ExportRow, error: string): Promise<void> {
  await db
    .updateTable('family_export')
    .set({ state: 'failed', claimed_until: null, error: error.slice(0, 500) })
    .where('id', '=', claimed.id)
    .where('state', '=', 'building')
    .where('claimed_at', '=', claimed.claimed_at)
    .execute();
}

/** The ready request whose link has this token hash and has not ended at `now`. */
export function findByTokenHash(db: Db, tokenHash: string, now: string): Promise<ExportRow | undefined> {
  return db
    .selectFrom('family_export')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('state', '=', 'ready')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function countDownload(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('family_export')
    .set((eb) => ({ downloads: eb('downloads', '+', 1), last_downloaded_at: at }))
    .where('id', '=', id)
    .execute();
}

/**
 * Ends the links whose time is up: the request stays (the log), its token hash and file go. Answers
 * the files to delete. Each row is ended by one update, so two processes do not both delete.
 */
export async function expireDue(db: Db, now: string): Promise<string[]> {
  const due = await db
    .selectFrom('family_export')
    .select(['id', 'file_path'])
    .where('state', '=', 'ready')
    .where('expires_at', '<=', now)
    .execute();
  const paths: string[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('family_export')
      .set({ state: 'expired', token_hash: null, file_path: null })
      .where('id', '=', row.id)
      .where('state', '=', 'ready')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1 && row.file_path) paths.push(row.file_path);
  }
  return paths;
}

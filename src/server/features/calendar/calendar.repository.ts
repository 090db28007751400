import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  CalendarAudience,
  CalendarEntry,
  CalendarEntryBody,
  CalendarKind,
} from '../../../shared/api/calendar.js';
import type { Db } from '../../db/connect.js';
import type { CalendarEntryTable } from '../../db/database.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { nowIso } from '../../lib/time.js';
import type { Condition } from '../school/school.policy.js';

/**
 * The school calendar's rows (docs/decisions/0086-the-school-calendar.md): entries, the classes they
 * are for, and the feeds' secret addresses (only their hash).
 */

type EntryRow = Selectable<CalendarEntryTable>;

/** The stored columns of a body (a change replaces them all). */
function columnsOf(body: CalendarEntryBody) {
  return {
    kind: body.kind,
    title: body.title,
    description: body.description,
    place: body.place,
    start_day: body.startDate,
    end_day: body.endDate ?? body.startDate,
    start_time: body.startTime ?? null,
    end_time: body.endTime ?? null,
    audience: body.audience,
    families_invited: body.familiesInvited ? 1 : 0,
    on_public_feed: body.public ? 1 : 0,
  };
}

async function classesOf(db: Db, entryIds: readonly number[]) {
  const byEntry = new Map<number, { id: number; name: string }[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db
    .selectFrom('calendar_entry_class as ec')
    .innerJoin('school_class as c', 'c.id', 'ec.class_id')
    .select(['ec.entry_id', 'c.id', 'c.name'])
    .where('ec.entry_id', 'in', [...entryIds])
    .orderBy('c.name')
    .execute();
  for (const row of rows) {
    const list = byEntry.get(row.entry_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byEntry.set(row.entry_id, list);
  }
  return byEntry;
}

function toEntry(row: EntryRow, classes: { id: number; name: string }[]): CalendarEntry {
  return {
    id: row.id,
    uid: row.uid,
    sequence: row.sequence,
    kind: row.kind as CalendarKind,
    title: row.title,
    description: row.description,
    place: row.place,
    startDate: row.start_day,
    endDate: row.end_day,
    startTime: row.start_time,
    endTime: row.end_time,
    allDay: row.start_time === null,
    audience: row.audience as CalendarAudience,
    classes,
    familiesInvited: Boolean(row.families_invited),
    public: Boolean(row.on_public_feed),
    cancelled: row.cancelled_at !== null,
    cancelledAt: row.cancelled_at,
    updatedAt: row.updated_at,
  };
}

async function toEntries(db: Db, rows: EntryRow[]): Promise<CalendarEntry[]> {
  const classes = await classesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toEntry(row, classes.get(row.id) ?? []));
}

/** The ids of `classIds` that are no class of the school. */
export async function unknownClassIds(db: Db, classIds: readonly number[]): Promise<number[]> {
  if (classIds.length === 0) return [];
  const found = await db
    .selectFrom('school_class')
    .select('id')
    .where('id', 'in', [...classIds])
    .execute();
  const known = new Set(found.map((row) => row.id));
  return classIds.filter((id) => !known.has(id));
}

/** A new entry: its UID is made here, once. */
export async function insertEntry(db: Db, body: CalendarEntryBody, createdBy: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('calendar_entry')
      .values({
        ...columnsOf(body),
        uid: `${crypto.randomUUID()}@schoolyard`,
        sequence: 0,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (body.classIds.length > 0)
      await trx
        .insertInto('calendar_entry_class')
        .values(body.classIds.map((classId) => ({ entry_id: id, class_id: classId })))
        .execute();
    // The public site's calendar may show it (docs/decisions/0088-closed-days.md).
    await bumpDataVersion(trx, 'content');
    return id;
  });
}

/**
 * An entry's new state, its SEQUENCE raised; false when there is no such entry. A cancelled entry is
 * not changed (the route says why before).
 */
export async function updateEntry(db: Db, id: number, body: CalendarEntryBody): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('calendar_entry')
      .set((eb) => ({ ...columnsOf(body), sequence: eb('sequence', '+', 1), updated_at: nowIso() }))
      .where('id', '=', id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('calendar_entry_class').where('entry_id', '=', id).execute();
    if (body.classIds.length > 0)
      await trx
        .insertInto('calendar_entry_class')
        .values(body.classIds.map((classId) => ({ entry_id: id, class_id: classId })))
        .execute();
    await bumpDataVersion(trx, 'content');
    return true;
  });
}

/** Cancels an entry (kept, so the feeds say CANCELLED), raising its SEQUENCE; once. */
export async function cancelEntry(db: Db, id: number): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('calendar_entry')
      .set((eb) => ({ cancelled_at: now, updated_at: now, sequence: eb('sequence', '+', 1) }))
      .where('id', '=', id)
      .where('cancelled_at', 'is', null)
      .execute();
    await bumpDataVersion(trx, 'content');
  });
}

export async function findEntry(db: Db, id: number): Promise<CalendarEntry | undefined> {
  const row = await db.selectFrom('calendar_entry').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toEntries(db, [row]))[0] : undefined;
}

/**
 * The entries that `condition` lets through and that touch a day from `from` to `to` (both
 * included; either open), by start.
 */
export async function listEntries(
  db: Db,
  condition: Condition,
  range: { from?: string; to?: string },
): Promise<CalendarEntry[]> {
  let query = db.selectFrom('calendar_entry as e').selectAll('e').where(condition);
  if (range.to !== undefined) query = query.where('e.start_day', '<=', range.to);
  if (range.from !== undefined) query = query.where('e.end_day', '>=', range.from);
  const rows = await query.orderBy('e.start_day').orderBy('e.start_time').orderBy('e.id').execute();
  return toEntries(db, rows);
}

// ---------------------------------------------------------------- feeds

export interface FeedOwner {
  userId: number;
  /** null: the user's own calendar. */
  classId: number | null;
}

/** Stores the hash of a new feed secret for the owner, ending the address they had (renewal). */
export async function replaceFeed(db: Db, owner: FeedOwner, secretHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let old = trx.deleteFrom('calendar_feed').where('user_id', '=', owner.userId);
    old =
      owner.classId === null ? old.where('class_id', 'is', null) : old.where('class_id', '=', owner.classId);
    await old.execute();
    await trx
      .insertInto('calendar_feed')
      .values({
        user_id: owner.userId,
        class_id: owner.classId,
        secret_hash: secretHash,
        created_at: nowIso(),
      })
      .execute();
  });
}

/** The feed of a secret's hash, with its user (active accounts only). */
export async function findFeed(db: Db, secretHash: string) {
  return db
    .selectFrom('calendar_feed as f')
    .innerJoin('app_user as u', 'u.id', 'f.user_id')
    .select(['f.user_id as userId', 'f.class_id as classId', 'u.type'])
    .where('f.secret_hash', '=', secretHash)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

/** The feeds a user made (not their secrets: those were shown once). */
export async function feedsOf(db: Db, userId: number) {
  return db
    .selectFrom('calendar_feed')
    .select(['class_id as classId', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

import { type LogDetail, LogDetailSchema, type LogEntry } from '../../../shared/api/day-log.js';
import type { Db } from '../../db/connect.js';

/**
 * Reads and writes of log_entry (docs/decisions/0078-the-daily-log.md). Functions take the database
 * or a transaction first; rows are mapped to the shapes of src/shared/api/day-log.ts here only.
 */

export interface NewLogEntry {
  studentId: number;
  classId: number | null;
  day: string;
  time: string;
  detail: LogDetail;
  by: { id: number; name: string };
  at: string;
}

const entryColumns = [
  'l.id',
  'l.student_id',
  'u.name as student_name',
  'l.day',
  'l.time',
  'l.detail',
  'l.recorded_by_name',
  'l.recorded_at',
  'l.acknowledged_at',
  'l.acknowledged_by_name',
] as const;

interface EntryRow {
  id: number;
  student_id: number;
  student_name: string;
  day: string;
  time: string;
  detail: string;
  recorded_by_name: string;
  recorded_at: string;
  acknowledged_at: string | null;
  acknowledged_by_name: string | null;
}

/** A stored detail; one that no longer reads (it never should) shows as a note of its text. */
function parseDetail(text: string): LogDetail {
  try {
    const parsed = LogDetailSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return { kind: 'note', text: text.slice(0, 1000) || '-' };
}

function toEntry(row: EntryRow): LogEntry {
  return {
    id: row.id,
    studentId: row.student_id,
    studentName: row.student_name,
    day: row.day,
    time: row.time,
    detail: parseDetail(row.detail),
    recordedBy: row.recorded_by_name,
    recordedAt: row.recorded_at,
    acknowledged:
      row.acknowledged_at === null ? null : { at: row.acknowledged_at, by: row.acknowledged_by_name ?? '' },
  };
}

const selectEntries = (db: Db) =>
  db.selectFrom('log_entry as l').innerJoin('app_user as u', 'u.id', 'l.student_id').select(entryColumns);

export async function insertLogEntries(db: Db, entries: readonly NewLogEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await db
    .insertInto('log_entry')
    .values(
      entries.map((entry) => ({
        student_id: entry.studentId,
        class_id: entry.classId,
        day: entry.day,
        time: entry.time,
        kind: entry.detail.kind,
        detail: JSON.stringify(entry.detail),
        recorded_by: entry.by.id,
        recorded_by_name: entry.by.name,
        recorded_at: entry.at,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Entries by id, in the order of the children's names then id. */
export async function entriesByIds(db: Db, ids: readonly number[]): Promise<LogEntry[]> {
  if (ids.length === 0) return [];
  const rows = await selectEntries(db)
    .where('l.id', 'in', [...ids])
    .orderBy('l.id')
    .execute();
  return rows.map(toEntry);
}

/** A child's entries of a day, in time order. */
export async function entriesOfChild(db: Db, studentId: number, day: string): Promise<LogEntry[]> {
  const rows = await selectEntries(db)
    .where('l.student_id', '=', studentId)
    .where('l.day', '=', day)
    .orderBy('l.time')
    .orderBy('l.id')
    .execute();
  return rows.map(toEntry);
}

/** A class's entries of a day (written while the child was in it), in time order. */
export async function entriesOfClass(db: Db, classId: number, day: string): Promise<LogEntry[]> {
  const rows = await selectEntries(db)
    .where('l.class_id', '=', classId)
    .where('l.day', '=', day)
    .orderBy('l.time')
    .orderBy('l.id')
    .execute();
  return rows.map(toEntry);
}

export async function findLogEntry(db: Db, id: number): Promise<LogEntry | undefined> {
  const row = await selectEntries(db).where('l.id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

/**
 * Records a guardian's acknowledgement of an incident, once: the update only changes a row not yet
 * acknowledged, so of two at the same moment one wins. Answers whether this one did.
 */
export async function acknowledgeIncident(
  db: Db,
  id: number,
  by: { id: number; name: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('log_entry')
    .set({ acknowledged_at: at, acknowledged_by: by.id, acknowledged_by_name: by.name })
    .where('id', '=', id)
    .where('kind', '=', 'incident')
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Incidents of these children that no guardian has acknowledged, oldest first. */
export async function unacknowledgedIncidents(db: Db, studentIds: readonly number[]): Promise<LogEntry[]> {
  if (studentIds.length === 0) return [];
  const rows = await selectEntries(db)
    .where('l.student_id', 'in', [...studentIds])
    .where('l.kind', '=', 'incident')
    .where('l.acknowledged_at', 'is', null)
    .orderBy('l.day')
    .orderBy('l.time')
    .execute();
  return rows.map(toEntry);
}

/** The medications named in each child's care details (names as written). */
export async function namedMedications(
  db: Db,
  studentIds: readonly number[],
): Promise<Map<number, string[]>> {
  const named = new Map<number, string[]>(studentIds.map((id) => [id, []]));
  if (studentIds.length === 0) return named;
  const rows = await db
    .selectFrom('care_record')
    .select(['student_id', 'document'])
    .where('student_id', 'in', [...studentIds])
    .execute();
  for (const row of rows) {
    try {
      const list = (JSON.parse(row.document) as { medical?: { medications?: unknown } }).medical?.medications;
      if (Array.isArray(list))
        named.set(
          row.student_id,
          list.flatMap((m: unknown) => {
            const name = (m as { name?: unknown } | null)?.name;
            return typeof name === 'string' ? [name] : [];
          }),
        );
    } catch {
      // A document that does not read names nothing.
    }
  }
  return named;
}

/** The parents who are guardians of these children, by child. */
export async function guardianIdsOf(db: Db, studentIds: readonly number[]): Promise<Map<number, number[]>> {
  const byChild = new Map<number, number[]>();
  if (studentIds.length === 0) return byChild;
  const rows = await db
    .selectFrom('guardian')
    .select(['student_id', 'parent_id'])
    .where('student_id', 'in', [...studentIds])
    .execute();
  for (const row of rows)
    byChild.set(row.student_id, [...(byChild.get(row.student_id) ?? []), row.parent_id]);
  return byChild;
}

import type { RetentionCounts, RetentionRun } from '../../../shared/api/retention.js';
import { USER_TYPE } from '../../../shared/constants.js';
import {
  DEFAULT_RETENTION_PERIODS,
  MAX_RETENTION_MONTHS,
  RETENTION_KINDS,
  RETENTION_RULES,
  type RetentionPeriods,
} from '../../../shared/rules/retention.js';
import type { Db } from '../../db/connect.js';

/** The principal's periods, in the `setting` table as one JSON object of months by kind. */
export const RETENTION_SETTING = 'retention_months';

/** The periods in force: the saved ones, each kind not saved (or unreadable) at its default. */
export async function retentionPeriods(db: Db): Promise<RetentionPeriods> {
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', RETENTION_SETTING)
    .executeTakeFirst();
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = row ? JSON.parse(row.value) : {};
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    saved = {};
  }
  const periods = { ...DEFAULT_RETENTION_PERIODS };
  for (const kind of RETENTION_KINDS) {
    const value = saved[kind];
    if (
      typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= RETENTION_RULES[kind].minimumMonths &&
      value <= MAX_RETENTION_MONTHS
    ) {
      periods[kind] = value;
    }
  }
  return periods;
}

export async function saveRetentionPeriods(db: Db, periods: RetentionPeriods): Promise<void> {
  const value = JSON.stringify(periods);
  await db
    .insertInto('setting')
    .values({ key: RETENTION_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** A pupil who has left: archived by the rollover, with no current class. */
export interface LeaverRow {
  id: number;
  name: string;
  /** The last day of their last class, or (without a class) the day they were archived. */
  leftOn: string;
}

/**
 * The leavers (docs/decisions/0110-retention-and-erasure.md): pupils whose account the rollover
 * archived and who have no current enrolment. Optionally only `studentId`.
 */
export async function findLeavers(db: Db, studentId?: number): Promise<LeaverRow[]> {
  let query = db
    .selectFrom('app_user as u')
    .leftJoin('enrolment as e', 'e.student_id', 'u.id')
    .select(['u.id', 'u.name', 'u.archived_at'])
    .select((eb) => eb.fn.max('e.ended_on').as('last_day'))
    .where('u.type', '=', USER_TYPE.student)
    .where('u.archived_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('enrolment as current')
            .select('current.id')
            .whereRef('current.student_id', '=', 'u.id')
            .where('current.ended_on', 'is', null),
        ),
      ),
    )
    .groupBy(['u.id', 'u.name', 'u.archived_at'])
    .orderBy('u.id');
  if (studentId !== undefined) query = query.where('u.id', '=', studentId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    leftOn: (row.last_day as string | null) ?? String(row.archived_at).slice(0, 10),
  }));
}

/** The children an erasure was carried out for (their erasure slots). */
export async function erasedStudentIds(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('retention_run').select('slot').where('kind', '=', 'erasure').execute();
  return new Set(rows.map((row) => Number(row.slot.split(':')[1])));
}

/** Claims a run's slot; false when another process (or this one) has it already. */
export async function claimRun(
  db: Db,
  run: {
    slot: string;
    kind: 'nightly' | 'erasure';
    startedAt: string;
    requestedBy?: string;
    ranBy?: { id: number; name: string };
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('retention_run')
    .values({
      slot: run.slot,
      kind: run.kind,
      started_at: run.startedAt,
      finished_at: null,
      requested_by: run.requestedBy ?? null,
      ran_by: run.ranBy?.id ?? null,
      ran_by_name: run.ranBy?.name ?? null,
      message: null,
    })
    .onConflict((oc) => oc.column('slot').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function finishRun(
  db: Db,
  id: number,
  outcome: {
    finishedAt: string;
    studentIds: number[];
    rows: RetentionCounts;
    files: number;
    backups: number;
    message: string | null;
  },
): Promise<void> {
  await db
    .updateTable('retention_run')
    .set({
      finished_at: outcome.finishedAt,
      student_ids: JSON.stringify(outcome.studentIds),
      row_counts: JSON.stringify(outcome.rows),
      files: outcome.files,
      backups: outcome.backups,
      message: outcome.message?.slice(0, 500) ?? null,
    })
    .where('id', '=', id)
    .execute();
}

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The latest runs first, at most `limit`. */
export async function listRuns(db: Db, limit = 100): Promise<RetentionRun[]> {
  const rows = await db.selectFrom('retention_run').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toRun);
}

export async function findRun(db: Db, id: number): Promise<RetentionRun | undefined> {
  const row = await db.selectFrom('retention_run').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRun(row);
}

function toRun(row: {
  id: number;
  kind: string;
  started_at: string;
  finished_at: string | null;
  student_ids: string;
  row_counts: string;
  files: number;
  backups: number;
  requested_by: string | null;
  ran_by_name: string | null;
  message: string | null;
}): RetentionRun {
  return {
    id: row.id,
    kind: row.kind === 'erasure' ? 'erasure' : 'nightly',
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    studentIds: parseJson<number[]>(row.student_ids, []),
    rows: parseJson<RetentionCounts>(row.row_counts, {}),
    files: Number(row.files),
    backups: Number(row.backups),
    requestedBy: row.requested_by,
    ranByName: row.ran_by_name,
    message: row.message,
  };
}

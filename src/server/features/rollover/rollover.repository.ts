import { sql } from 'kysely';
import {
  DEFAULT_ARCHIVED_ACCESS_DAYS,
  type PupilTerm,
  ROLLOVER_LIMITS,
} from '../../../shared/api/rollover.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { termMarkSheets } from '../marks/marks.repository.js';

/**
 * The year rollover's rows (docs/decisions/0091-the-year-rollover.md): the class progression, the
 * runs, and the archived-access setting, which the auth feature reads to let an archived account
 * in (public to other features as a repository).
 */

/** Rows changed in one statement at most: far below either engine's limit on parameters. */
export const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

export interface ProgressionRow {
  classId: number;
  className: string;
  /** undefined: not mapped; null: leaves; else the next class. */
  nextClassId: number | null | undefined;
  pupils: number;
}

/** Every class, by name, with where its pupils go and how many current pupils it has. */
export async function classProgressions(db: Db): Promise<ProgressionRow[]> {
  const rows = await db
    .selectFrom('school_class as c')
    .leftJoin('class_progression as p', 'p.class_id', 'c.id')
    .select((eb) => [
      'c.id',
      'c.name',
      'p.class_id as mapped',
      'p.next_class_id',
      eb
        .selectFrom('enrolment as e')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('e.class_id', '=', 'c.id')
        .where('e.ended_on', 'is', null)
        .as('pupils'),
    ])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    classId: row.id,
    className: row.name,
    nextClassId: row.mapped === null ? undefined : row.next_class_id,
    pupils: Number(row.pupils ?? 0),
  }));
}

/** The ids of the classes among `ids` that exist. */
export async function existingClassIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('school_class').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Replaces the whole mapping. */
export async function replaceProgressions(
  trx: Db,
  rows: readonly { classId: number; nextClassId: number | null }[],
): Promise<void> {
  await trx.deleteFrom('class_progression').execute();
  for (const part of chunks(rows))
    await trx
      .insertInto('class_progression')
      .values(part.map((row) => ({ class_id: row.classId, next_class_id: row.nextClassId })))
      .execute();
  // The next year's free seats count the pupils moving up (docs/decisions/0101-seats-that-mean-something.md).
  await bumpDataVersion(trx, 'content');
}

/** The current enrolments: every pupil's current class, since when. */
export async function currentEnrolments(
  db: Db,
): Promise<{ studentId: number; classId: number; startedOn: string }[]> {
  const rows = await db
    .selectFrom('enrolment')
    .select(['student_id', 'class_id', 'started_on'])
    .where('ended_on', 'is', null)
    .orderBy('student_id')
    .execute();
  return rows.map((row) => ({ studentId: row.student_id, classId: row.class_id, startedOn: row.started_on }));
}

/** Every guardian link: parent and child. */
export async function guardianLinks(db: Db): Promise<{ parentId: number; studentId: number }[]> {
  const rows = await db
    .selectFrom('guardian as g')
    .innerJoin('app_user as u', 'u.id', 'g.parent_id')
    .select(['g.parent_id', 'g.student_id'])
    .where('u.archived_at', 'is', null)
    .execute();
  return rows.map((row) => ({ parentId: row.parent_id, studentId: row.student_id }));
}

export async function countRows(db: Db, table: 'class_assignment' | 'assignment_day'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface PlanToDraft {
  id: number;
  name: string;
  classId: number;
  termId: number;
  dueDate: string;
  currency: string;
  items: { name: string; amount: number; position: number }[];
}

/** The fee plans of a year's terms, with their items. */
export async function feePlansOfYear(db: Db, yearId: number): Promise<PlanToDraft[]> {
  const plans = await db
    .selectFrom('fee_plan as p')
    .innerJoin('school_term as t', 't.id', 'p.term_id')
    .select(['p.id', 'p.name', 'p.class_id', 'p.term_id', 'p.due_date', 'p.currency'])
    .where('t.year_id', '=', yearId)
    .orderBy('p.id')
    .execute();
  if (plans.length === 0) return [];
  const items = await db
    .selectFrom('fee_plan_item')
    .select(['plan_id', 'name', 'amount', 'position'])
    .where(
      'plan_id',
      'in',
      plans.map((plan) => plan.id),
    )
    .orderBy('plan_id')
    .orderBy('position')
    .execute();
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    classId: plan.class_id,
    termId: plan.term_id as number,
    dueDate: plan.due_date,
    currency: plan.currency,
    items: items
      .filter((item) => item.plan_id === plan.id)
      .map((item) => ({ name: item.name, amount: Number(item.amount), position: item.position })),
  }));
}

/** Writes a copy of a plan for another term; it has no invoices, so nobody is billed yet. */
export async function insertDraftPlan(
  trx: Db,
  plan: PlanToDraft,
  term: { id: number; name: string },
  dueDate: string,
  createdBy: number,
  at: string,
): Promise<void> {
  const { id } = await trx
    .insertInto('fee_plan')
    .values({
      name: plan.name,
      class_id: plan.classId,
      term: term.name,
      term_id: term.id,
      due_date: dueDate,
      currency: plan.currency,
      created_by: createdBy,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (plan.items.length > 0)
    await trx
      .insertInto('fee_plan_item')
      .values(plan.items.map((item) => ({ plan_id: id, ...item })))
      .execute();
}

/** Ends these pupils' current enrolments on `lastDay`. */
export async function endEnrolments(trx: Db, studentIds: readonly number[], lastDay: string): Promise<void> {
  for (const part of chunks(studentIds))
    await trx
      .updateTable('enrolment')
      .set({ ended_on: lastDay })
      .where('ended_on', 'is', null)
      .where('student_id', 'in', part)
      .execute();
  // The free seats the public site shows count the pupils (docs/decisions/0101-seats-that-mean-something.md).
  await bumpDataVersion(trx, 'content');
}

export async function startEnrolments(
  trx: Db,
  moves: readonly { studentId: number; classId: number }[],
  firstDay: string,
): Promise<void> {
  for (const part of chunks(moves))
    await trx
      .insertInto('enrolment')
      .values(
        part.map((move) => ({
          student_id: move.studentId,
          class_id: move.classId,
          started_on: firstDay,
          ended_on: null,
        })),
      )
      .execute();
  // The free seats the public site shows count the pupils (docs/decisions/0101-seats-that-mean-something.md).
  await bumpDataVersion(trx, 'content');
}

export async function archiveAccounts(trx: Db, userIds: readonly number[], at: string): Promise<void> {
  for (const part of chunks(userIds))
    await trx
      .updateTable('app_user')
      .set({ archived_at: at, updated_at: at })
      .where('id', 'in', part)
      .where('archived_at', 'is', null)
      .execute();
}

/** The run from `fromYearId` or into `toYearId`, if there was one. */
export async function runTouching(
  db: Db,
  fromYearId: number,
  toYearId: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('rollover_run')
    .select('id')
    .where((eb) => eb.or([eb('from_year_id', '=', fromYearId), eb('to_year_id', '=', toYearId)]))
    .executeTakeFirst();
}

export async function insertRun(
  trx: Db,
  run: {
    fromYearId: number;
    toYearId: number;
    ranBy: number;
    ranAt: string;
    backupFile: string;
    summary: object;
  },
): Promise<number> {
  const row = await trx
    .insertInto('rollover_run')
    .values({
      from_year_id: run.fromYearId,
      to_year_id: run.toYearId,
      ran_by: run.ranBy,
      ran_at: run.ranAt,
      backup_file: run.backupFile,
      summary: JSON.stringify(run.summary),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const ARCHIVED_ACCESS_SETTING = 'archived_access_days';

/** Days an archived account can still sign in (setting `archived_access_days`; the default when unset). */
export async function archivedAccessDays(db: Db): Promise<number> {
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', ARCHIVED_ACCESS_SETTING)
    .executeTakeFirst();
  const value = Number(row?.value);
  return row && Number.isInteger(value) && value >= 0 && value <= ROLLOVER_LIMITS.archivedAccessDays
    ? value
    : DEFAULT_ARCHIVED_ACCESS_DAYS;
}

export async function setArchivedAccessDays(db: Db, days: number): Promise<void> {
  await db
    .insertInto('setting')
    .values({ key: ARCHIVED_ACCESS_SETTING, value: String(days) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(days) }))
    .execute();
}

const DAY_MS = 86_400_000;

/** Whether an account archived at `archivedAt` may still sign in at `now` (both ISO instants). */
export async function archivedAccessOpen(db: Db, archivedAt: string, now: string): Promise<boolean> {
  const days = await archivedAccessDays(db);
  return Date.parse(now) < Date.parse(archivedAt) + days * DAY_MS;
}

export interface PupilYearRow {
  yearId: number;
  name: string;
  firstDay: string;
  lastDay: string;
  current: boolean;
  classes: string[];
  attendance: { present: number; absent: number; onLeave: number };
  fees: { invoices: number; total: number };
  terms: PupilTerm[];
}

/**
 * The school years a pupil was at the school in (an enrolment, a register entry, an invoice or a
 * mark in it), the latest first, each with the pupil's classes, attendance and fees of that year,
 * and its terms with the pupil's mark sheet of each (`releasedOnly`: of released exams only, as
 * families see them; docs/decisions/0094-last-years-mark-sheets.md).
 */
export async function pupilYears(
  db: Db,
  studentId: number,
  opts: { releasedOnly: boolean },
): Promise<PupilYearRow[]> {
  const years = await db
    .selectFrom('school_year')
    .select(['id', 'name', 'first_day', 'last_day', 'is_current'])
    .orderBy('first_day', 'desc')
    .execute();
  const allTerms = await db
    .selectFrom('school_term')
    .select(['id', 'year_id', 'name', 'first_day', 'last_day'])
    .orderBy('first_day')
    .orderBy('id')
    .execute();
  const sheets = await termMarkSheets(
    db,
    studentId,
    allTerms.map((term) => term.id),
    opts,
  );
  const out: PupilYearRow[] = [];
  for (const year of years) {
    const terms: PupilTerm[] = allTerms
      .filter((term) => term.year_id === year.id)
      .map((term) => ({
        termId: term.id,
        name: term.name,
        firstDay: term.first_day,
        lastDay: term.last_day,
        marks: sheets.get(term.id) ?? null,
      }));
    const classes = await db
      .selectFrom('enrolment as e')
      .innerJoin('school_class as c', 'c.id', 'e.class_id')
      .select('c.name')
      .distinct()
      .where('e.student_id', '=', studentId)
      .where('e.started_on', '<=', year.last_day)
      .where((eb) => eb.or([eb('e.ended_on', 'is', null), eb('e.ended_on', '>=', year.first_day)]))
      .orderBy('c.name')
      .execute();
    const attendance = await db
      .selectFrom('attendance')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('student_id', '=', studentId)
      .where('att_date', '>=', year.first_day)
      .where('att_date', '<=', year.last_day)
      .groupBy('status')
      .execute();
    const fees = await db
      .selectFrom('invoice as i')
      .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
      .innerJoin('school_term as t', 't.id', 'p.term_id')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number | string>('i.total'), sql<number>`0`).as('total'),
      ])
      .where('i.student_id', '=', studentId)
      .where('i.status', '=', 'issued')
      .where('t.year_id', '=', year.id)
      .executeTakeFirstOrThrow();
    const count = (status: number) => Number(attendance.find((row) => Number(row.status) === status)?.n ?? 0);
    const row: PupilYearRow = {
      yearId: year.id,
      name: year.name,
      firstDay: year.first_day,
      lastDay: year.last_day,
      current: Number(year.is_current) === 1,
      classes: classes.map((c) => c.name),
      attendance: { present: count(1), absent: count(2), onLeave: count(3) },
      fees: { invoices: Number(fees.n), total: Number(fees.total) },
      terms,
    };
    const marked = terms.some((term) => term.marks !== null);
    if (row.classes.length > 0 || attendance.length > 0 || row.fees.invoices > 0 || marked) out.push(row);
  }
  return out;
}

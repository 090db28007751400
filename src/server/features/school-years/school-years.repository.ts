import { sql } from 'kysely';
import type { SchoolTerm, SchoolYear } from '../../../shared/api/school-years.js';
import { nameKeyOf } from '../../../shared/rules/school-year.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';

/**
 * School years and their terms (docs/decisions/0085-school-years-and-terms.md). `currentYear` and
 * `termOfDay` are for the other features (attendance, the register, exams, fees): which year is
 * running and which term a day belongs to.
 */

interface YearRow {
  id: number;
  name: string;
  first_day: string;
  last_day: string;
  is_current: number;
}

interface TermRow {
  id: number;
  year_id: number;
  name: string;
  first_day: string;
  last_day: string;
}

const YEAR_COLUMNS = ['id', 'name', 'first_day', 'last_day', 'is_current'] as const;
const TERM_COLUMNS = ['id', 'year_id', 'name', 'first_day', 'last_day'] as const;

const termOf = (row: TermRow): SchoolTerm => ({
  id: row.id,
  yearId: row.year_id,
  name: row.name,
  firstDay: row.first_day,
  lastDay: row.last_day,
});

const yearOf = (row: YearRow, terms: readonly TermRow[]): SchoolYear => ({
  id: row.id,
  name: row.name,
  firstDay: row.first_day,
  lastDay: row.last_day,
  current: Number(row.is_current) === 1,
  terms: terms.filter((term) => term.year_id === row.id).map(termOf),
});

async function withTerms(db: Db, years: readonly YearRow[]): Promise<SchoolYear[]> {
  if (years.length === 0) return [];
  const terms = await db
    .selectFrom('school_term')
    .select(TERM_COLUMNS)
    .where(
      'year_id',
      'in',
      years.map((year) => year.id),
    )
    .orderBy('first_day')
    .orderBy('id')
    .execute();
  return years.map((year) => yearOf(year, terms));
}

/** Every year with its terms, the latest first. */
export async function listYears(db: Db): Promise<SchoolYear[]> {
  const years = await db
    .selectFrom('school_year')
    .select(YEAR_COLUMNS)
    .orderBy('first_day', 'desc')
    .execute();
  return withTerms(db, years);
}

export async function findYear(db: Db, id: number): Promise<SchoolYear | undefined> {
  const year = await db
    .selectFrom('school_year')
    .select(YEAR_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return year ? (await withTerms(db, [year]))[0] : undefined;
}

/** The current school year with its terms; undefined before the school keeps any year. */
export async function currentYear(db: Db): Promise<SchoolYear | undefined> {
  const year = await db
    .selectFrom('school_year')
    .select(YEAR_COLUMNS)
    .where('is_current', '=', 1)
    .executeTakeFirst();
  return year ? (await withTerms(db, [year]))[0] : undefined;
}

/** The term `day` (YYYY-MM-DD) falls in, in whichever year; undefined between terms and outside every year. */
export async function termOfDay(db: Db, day: string): Promise<SchoolTerm | undefined> {
  const row = await db
    .selectFrom('school_term')
    .select(TERM_COLUMNS)
    .where('first_day', '<=', day)
    .where('last_day', '>=', day)
    .orderBy('first_day')
    .executeTakeFirst();
  return row ? termOf(row) : undefined;
}

export async function findTerm(db: Db, id: number): Promise<SchoolTerm | undefined> {
  const row = await db.selectFrom('school_term').select(TERM_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? termOf(row) : undefined;
}

/**
 * Queues the writes to years and terms behind one another on PostgreSQL, so that two at the same
 * moment cannot each pass the overlap checks (SQLite has one writer already).
 */
export async function lockYears(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('school_year'))`.execute(trx);
}

export async function insertYear(
  trx: Db,
  year: { name: string; firstDay: string; lastDay: string },
  at: string,
): Promise<number> {
  const row = await trx
    .insertInto('school_year')
    .values({
      name: year.name,
      name_key: nameKeyOf(year.name),
      first_day: year.firstDay,
      last_day: year.lastDay,
      is_current: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateYear(
  trx: Db,
  id: number,
  year: { name: string; firstDay: string; lastDay: string },
  at: string,
): Promise<void> {
  await trx
    .updateTable('school_year')
    .set({
      name: year.name,
      name_key: nameKeyOf(year.name),
      first_day: year.firstDay,
      last_day: year.lastDay,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** Moves the current mark to `id`: off the old year first, as the unique index wants. */
export async function markCurrent(trx: Db, id: number, at: string): Promise<void> {
  await trx
    .updateTable('school_year')
    .set({ is_current: 0, updated_at: at })
    .where('is_current', '=', 1)
    .where('id', '<>', id)
    .execute();
  await trx.updateTable('school_year').set({ is_current: 1, updated_at: at }).where('id', '=', id).execute();
}

export async function deleteYear(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('school_year').where('id', '=', id).execute();
}

export async function insertTerm(
  trx: Db,
  yearId: number,
  term: { name: string; firstDay: string; lastDay: string },
): Promise<number> {
  const row = await trx
    .insertInto('school_term')
    .values({
      year_id: yearId,
      name: term.name,
      name_key: nameKeyOf(term.name),
      first_day: term.firstDay,
      last_day: term.lastDay,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTerm(
  trx: Db,
  id: number,
  term: { name: string; firstDay: string; lastDay: string },
): Promise<void> {
  await trx
    .updateTable('school_term')
    .set({
      name: term.name,
      name_key: nameKeyOf(term.name),
      first_day: term.firstDay,
      last_day: term.lastDay,
    })
    .where('id', '=', id)
    .execute();
}

/** The fee plans of a term whose term text is not `name` (they follow a renamed term). */
export async function plansNamingTermOtherwise(
  trx: Db,
  termId: number,
  name: string,
): Promise<{ id: number; term: string }[]> {
  return trx
    .selectFrom('fee_plan')
    .select(['id', 'term'])
    .where('term_id', '=', termId)
    .where('term', '<>', name)
    .orderBy('id')
    .execute();
}

export async function setPlanTermText(trx: Db, planId: number, name: string, at: string): Promise<void> {
  await trx.updateTable('fee_plan').set({ term: name, updated_at: at }).where('id', '=', planId).execute();
}

export async function deleteTerm(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('school_term').where('id', '=', id).execute();
}

/** How many exams belong to the given terms (docs/decisions/0087-released-marks.md). */
export async function examsOfTerms(trx: Db, termIds: readonly number[]): Promise<number> {
  if (termIds.length === 0) return 0;
  const row = await trx
    .selectFrom('exam')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('term_id', 'in', termIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many fee plans belong to the given terms. */
export async function feePlansOfTerms(trx: Db, termIds: readonly number[]): Promise<number> {
  if (termIds.length === 0) return 0;
  const row = await trx
    .selectFrom('fee_plan')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('term_id', 'in', termIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The current year's term of that name (without regard to case), for a fee plan given its term as text. */
export async function currentTermNamed(db: Db, name: string): Promise<SchoolTerm | undefined> {
  const row = await db
    .selectFrom('school_term as t')
    .innerJoin('school_year as y', 'y.id', 't.year_id')
    .select(['t.id', 't.year_id', 't.name', 't.first_day', 't.last_day'])
    .where('y.is_current', '=', 1)
    .where('t.name_key', '=', nameKeyOf(name))
    .executeTakeFirst();
  return row ? termOf(row) : undefined;
}

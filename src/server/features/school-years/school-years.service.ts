import { SCHOOL_YEAR_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  type NewSchoolYearInput,
  SCHOOL_YEAR_MESSAGES,
  type SchoolTerm,
  type SchoolTermInput,
  type SchoolYear,
  type SchoolYearInput,
} from '../../../shared/api/school-years.js';
import { type RangeProblem, termProblem, yearProblem } from '../../../shared/rules/school-year.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { conflict, type HttpError, invalid } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import { auditMoney } from '../fees/money-audit.repository.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  deleteTerm,
  deleteYear,
  examsOfTerms,
  feePlansOfTerms,
  findTerm,
  findYear,
  insertTerm,
  insertYear,
  listYears,
  lockYears,
  markCurrent,
  plansNamingTermOtherwise,
  setPlanTermText,
  updateTerm,
  updateYear,
} from './school-years.repository.js';

/**
 * The principal's school years and terms (docs/decisions/0085-school-years-and-terms.md). Every
 * write checks the rules of shared/rules/school-year.ts against the stored years in its own
 * transaction (queued behind the others on PostgreSQL), so a refused change leaves nothing.
 */

const M = SCHOOL_YEAR_MESSAGES;
const C = SCHOOL_YEAR_ERROR_CODES;

/** The 400 or 409 of a rule's problem with a year (`scope` 'year') or a term. */
function refusal(problem: RangeProblem, scope: 'year' | 'term'): HttpError {
  switch (problem.kind) {
    case 'lastBeforeFirst':
      return invalid(M.lastBeforeFirst, [{ field: 'lastDay', message: M.lastBeforeFirst }]);
    case 'tooLong': {
      const message = scope === 'year' ? M.yearTooLong : M.termTooLong;
      return invalid(message, [{ field: 'lastDay', message }]);
    }
    case 'nameTaken': {
      const message = scope === 'year' ? M.yearNameTaken : M.termNameTaken;
      return conflict(C.nameTaken, message, [{ field: 'name', message }]);
    }
    case 'overlap':
      return conflict(
        C.datesOverlap,
        scope === 'year' ? M.yearOverlaps(problem.other) : M.termOverlaps(problem.other),
        { with: problem.other },
      );
    case 'outsideYear':
      return conflict(C.termOutsideYear, M.termOutsideYear);
    case 'termsOutside':
      return conflict(C.termOutsideYear, M.termsOutside(problem.term), { term: problem.term });
    case 'tooManyTerms':
      return conflict(C.tooManyTerms, M.tooManyTerms);
  }
}

/** A write of years or terms: queued, checked and done in one transaction; a racing same name is the same 409. */
async function write<T>(db: Db, scope: 'year' | 'term', work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockYears(trx);
      const done = await work(trx);
      // The public site shows the current year's terms (docs/decisions/0088-closed-days.md).
      await bumpDataVersion(trx, 'content');
      return done;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal({ kind: 'nameTaken' }, scope);
    throw error;
  }
}

const ranges = (years: readonly SchoolYear[]) =>
  years.map((y) => ({ id: y.id, name: y.name, firstDay: y.firstDay, lastDay: y.lastDay }));

/** Adds a year; the first one, or one sent with `current`, becomes the current year. */
export async function createYear(db: Db, input: NewSchoolYearInput, at: string): Promise<SchoolYear> {
  return write(db, 'year', async (trx) => {
    const years = await listYears(trx);
    const problem = yearProblem(input, ranges(years));
    if (problem) throw refusal(problem, 'year');
    const id = await insertYear(trx, input, at);
    if (input.current || years.length === 0) await markCurrent(trx, id, at);
    return (await findYear(trx, id)) as SchoolYear;
  });
}

/** Changes a year's name and days; undefined when there is none with that id. */
export async function changeYear(
  db: Db,
  id: number,
  input: SchoolYearInput,
  at: string,
): Promise<SchoolYear | undefined> {
  return write(db, 'year', async (trx) => {
    const years = await listYears(trx);
    const year = years.find((y) => y.id === id);
    if (!year) return undefined;
    const problem = yearProblem({ id, ...input }, ranges(years), year.terms);
    if (problem) throw refusal(problem, 'year');
    await updateYear(trx, id, input, at);
    return findYear(trx, id);
  });
}

/** Makes a year the current one (the mark leaves the other in the same transaction). */
export async function makeCurrent(db: Db, id: number, at: string): Promise<SchoolYear | undefined> {
  return write(db, 'year', async (trx) => {
    if (!(await findYear(trx, id))) return undefined;
    await markCurrent(trx, id, at);
    return findYear(trx, id);
  });
}

/** Deletes a year and its terms: false when there is none, 409 when it is current or a term has fee plans or exams. */
export async function removeYear(db: Db, id: number): Promise<boolean> {
  return write(db, 'year', async (trx) => {
    const year = await findYear(trx, id);
    if (!year) return false;
    if (year.current) throw conflict(C.currentYear, M.currentYear);
    const termIds = year.terms.map((term) => term.id);
    if ((await feePlansOfTerms(trx, termIds)) > 0 || (await examsOfTerms(trx, termIds)) > 0)
      throw conflict(C.inUse, M.yearInUse);
    await deleteYear(trx, id);
    return true;
  });
}

/** Adds a term to a year; undefined when there is no such year. */
export async function createTerm(
  db: Db,
  yearId: number,
  input: SchoolTermInput,
): Promise<SchoolTerm | undefined> {
  return write(db, 'term', async (trx) => {
    const year = await findYear(trx, yearId);
    if (!year) return undefined;
    const problem = termProblem(input, year, year.terms);
    if (problem) throw refusal(problem, 'term');
    return findTerm(trx, await insertTerm(trx, yearId, input));
  });
}

/**
 * Changes a term; undefined when there is none. Its fee plans' term text follows its name, each
 * change in the money audit (the fee answers and documents show that text).
 */
export async function changeTerm(
  db: Db,
  actor: SessionUser,
  id: number,
  input: SchoolTermInput,
  at: string,
): Promise<SchoolTerm | undefined> {
  return write(db, 'term', async (trx) => {
    const term = await findTerm(trx, id);
    if (!term) return undefined;
    const year = (await findYear(trx, term.yearId)) as SchoolYear;
    const problem = termProblem({ id, ...input }, year, year.terms);
    if (problem) throw refusal(problem, 'term');
    await updateTerm(trx, id, input);
    for (const plan of await plansNamingTermOtherwise(trx, id, input.name)) {
      await setPlanTermText(trx, plan.id, input.name, at);
      await auditMoney(
        trx,
        actor,
        {
          action: 'plan.update',
          entity: 'plan',
          entityId: plan.id,
          before: { term: plan.term },
          after: { term: input.name },
        },
        at,
      );
    }
    return findTerm(trx, id);
  });
}

/** Deletes a term: false when there is none, 409 while fee plans or exams belong to it. */
export async function removeTerm(db: Db, id: number): Promise<boolean> {
  return write(db, 'term', async (trx) => {
    if (!(await findTerm(trx, id))) return false;
    if ((await feePlansOfTerms(trx, [id])) > 0 || (await examsOfTerms(trx, [id])) > 0)
      throw conflict(C.inUse, M.termInUse);
    await deleteTerm(trx, id);
    return true;
  });
}

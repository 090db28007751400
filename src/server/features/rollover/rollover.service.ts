import { ROLLOVER_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  type ClassProgression,
  type ClassProgressionInput,
  ROLLOVER_MESSAGES,
  type RolloverRun,
  type RolloverSummary,
} from '../../../shared/api/rollover.js';
import type { SchoolYear } from '../../../shared/api/school-years.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { currentYear, findYear, lockYears, markCurrent } from '../school-years/school-years.repository.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  archiveAccounts,
  classProgressions,
  countRows,
  currentEnrolments,
  endEnrolments,
  existingClassIds,
  feePlansOfYear,
  guardianLinks,
  insertDraftPlan,
  insertRun,
  type PlanToDraft,
  replaceProgressions,
  runTouching,
  startEnrolments,
} from './rollover.repository.js';

/**
 * The year rollover (docs/decisions/0091-the-year-rollover.md). `planRollover` works out, from the
 * stored rows, everything a run would change; the preview answers its counts and the run carries
 * out the same plan inside its transaction, so the preview's counts are the run's.
 */

const M = ROLLOVER_MESSAGES;
const C = ROLLOVER_ERROR_CODES;

export async function listProgressions(db: Db): Promise<ClassProgression[]> {
  const rows = await classProgressions(db);
  const names = new Map(rows.map((row) => [row.classId, row.className]));
  return rows.map((row) => ({
    classId: row.classId,
    className: row.className,
    nextClassId: row.nextClassId ?? null,
    nextClassName: row.nextClassId ? (names.get(row.nextClassId) ?? null) : null,
    leaves: row.nextClassId === null,
    mapped: row.nextClassId !== undefined,
    pupils: row.pupils,
  }));
}

/** Replaces the mapping; a class that does not exist is a 400 naming the row. */
export async function saveProgressions(db: Db, input: ClassProgressionInput): Promise<ClassProgression[]> {
  await db.transaction().execute(async (trx) => {
    const ids = input.classes.flatMap((row) =>
      row.nextClassId ? [row.classId, row.nextClassId] : [row.classId],
    );
    const known = await existingClassIds(trx, [...new Set(ids)]);
    input.classes.forEach((row, index) => {
      if (!known.has(row.classId))
        throw invalid(M.unknownClass, [{ field: `classes.${index}.classId`, message: M.unknownClass }]);
      if (row.nextClassId && !known.has(row.nextClassId))
        throw invalid(M.unknownClass, [{ field: `classes.${index}.nextClassId`, message: M.unknownClass }]);
    });
    await replaceProgressions(trx, input.classes);
  });
  return listProgressions(db);
}

interface Plan {
  summary: RolloverSummary;
  moves: { studentId: number; classId: number }[];
  /** The pupils whose current enrolment ends: those moving up and the leavers. */
  ending: number[];
  archive: number[];
  drafts: { plan: PlanToDraft; term: { id: number; name: string }; dueDate: string }[];
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const facts = (year: SchoolYear) => ({
  id: year.id,
  name: year.name,
  firstDay: year.firstDay,
  lastDay: year.lastDay,
});

/**
 * Everything a rollover from the current year into `toYearId` would do; 404 for no such year, 409
 * when it cannot run (no current year, a year that does not follow it, a run already made, a class
 * with pupils and no next class).
 */
export async function planRollover(db: Db, toYearId: number): Promise<Plan> {
  const toYear = await findYear(db, toYearId);
  if (!toYear) throw notFound('That school year');
  const fromYear = await currentYear(db);
  if (!fromYear) throw conflict(C.noCurrentYear, M.noCurrentYear);
  if (toYear.id === fromYear.id || toYear.firstDay <= fromYear.lastDay)
    throw conflict(C.yearNotNext, M.yearNotNext(toYear.name), { year: toYear.name });
  if (await runTouching(db, fromYear.id, toYear.id)) throw conflict(C.alreadyRolledOver, M.alreadyRolledOver);

  const progressions = await classProgressions(db);
  const names = new Map(progressions.map((row) => [row.classId, row.className]));
  const nextOf = new Map(progressions.map((row) => [row.classId, row.nextClassId]));

  // A pupil enrolled after the old year ended is already in the new year's class: they stay.
  const all = await currentEnrolments(db);
  const enrolments = all.filter((enrolment) => enrolment.startedOn <= fromYear.lastDay);
  const pupilsOf = new Map<number, number>();
  for (const enrolment of enrolments)
    pupilsOf.set(enrolment.classId, (pupilsOf.get(enrolment.classId) ?? 0) + 1);
  const unmapped = progressions.find((row) => pupilsOf.has(row.classId) && row.nextClassId === undefined);
  if (unmapped)
    throw conflict(C.classNotMapped, M.classNotMapped(unmapped.className), {
      classId: unmapped.classId,
      className: unmapped.className,
    });

  const moves: Plan['moves'] = [];
  const leavers = new Set<number>();
  const staying = new Set(
    all.filter((enrolment) => enrolment.startedOn > fromYear.lastDay).map((e) => e.studentId),
  );
  for (const enrolment of enrolments) {
    const next = nextOf.get(enrolment.classId);
    if (next === null) leavers.add(enrolment.studentId);
    else if (next !== undefined) {
      moves.push({ studentId: enrolment.studentId, classId: next });
      staying.add(enrolment.studentId);
    }
  }
  // A guardian is archived with their last leaving child: one with a child still at the school stays.
  const childrenOf = new Map<number, number[]>();
  for (const link of await guardianLinks(db))
    childrenOf.set(link.parentId, [...(childrenOf.get(link.parentId) ?? []), link.studentId]);
  const guardians = [...childrenOf]
    .filter(
      ([, children]) => children.some((id) => leavers.has(id)) && !children.some((id) => staying.has(id)),
    )
    .map(([parentId]) => parentId);

  const newTerms = toYear.terms;
  const drafts: Plan['drafts'] = [];
  let withoutTerm = 0;
  for (const plan of await feePlansOfYear(db, fromYear.id)) {
    const position = fromYear.terms.findIndex((term) => term.id === plan.termId);
    const oldTerm = fromYear.terms[position];
    const newTerm = newTerms[position];
    if (!oldTerm || !newTerm) {
      withoutTerm += 1;
      continue;
    }
    // The same distance into the term; never past its end.
    const shifted = addDays(plan.dueDate, daysBetween(oldTerm.firstDay, newTerm.firstDay));
    const dueDate = shifted > newTerm.lastDay ? newTerm.lastDay : shifted;
    drafts.push({ plan, term: { id: newTerm.id, name: newTerm.name }, dueDate });
  }

  const classes = progressions
    .filter((row) => pupilsOf.has(row.classId))
    .map((row) => ({
      classId: row.classId,
      className: row.className,
      pupils: pupilsOf.get(row.classId) ?? 0,
      nextClassId: row.nextClassId ?? null,
      nextClassName: row.nextClassId ? (names.get(row.nextClassId) ?? null) : null,
      leaves: row.nextClassId === null,
    }));
  const summary: RolloverSummary = {
    fromYear: facts(fromYear),
    toYear: facts(toYear),
    classes,
    movingUp: moves.length,
    leaving: leavers.size,
    archivedPupils: leavers.size,
    archivedGuardians: guardians.length,
    classAssignments: await countRows(db, 'class_assignment'),
    timetableRows: await countRows(db, 'assignment_day'),
    feePlansDrafted: drafts.length,
    feePlansWithoutTerm: withoutTerm,
  };
  return {
    summary,
    moves,
    ending: [...moves.map((move) => move.studentId), ...leavers],
    archive: [...leavers, ...guardians],
    drafts,
  };
}

/**
 * Runs the rollover into `toYearId`: `backup` first (it answers the file it wrote), then one
 * transaction: enrolments end on the old year's last day and start in the next class on the new
 * year's first day, leavers and their guardians without a child left are archived, the old year's
 * fee plans are drafted into the new year's terms, the new year becomes current, and the run is
 * recorded (a second one is refused, by the check and by the unique columns).
 */
export async function runRollover(
  db: Db,
  actorId: number,
  toYearId: number,
  backup: () => Promise<string>,
  at: string,
): Promise<RolloverRun> {
  // Refuse early, before the minutes a backup may take; the transaction checks again.
  await planRollover(db, toYearId);
  const backupFile = await backup();
  try {
    return await db.transaction().execute(async (trx) => {
      await lockYears(trx);
      const plan = await planRollover(trx, toYearId);
      const { fromYear, toYear } = plan.summary;
      // The old enrolments end before the new start: a pupil has at most one current class.
      await endEnrolments(trx, plan.ending, fromYear.lastDay);
      await startEnrolments(trx, plan.moves, toYear.firstDay);
      await archiveAccounts(trx, plan.archive, at);
      for (const draft of plan.drafts)
        await insertDraftPlan(trx, draft.plan, draft.term, draft.dueDate, actorId, at);
      await markCurrent(trx, toYear.id, at);
      const runId = await insertRun(trx, {
        fromYearId: fromYear.id,
        toYearId: toYear.id,
        ranBy: actorId,
        ranAt: at,
        backupFile,
        summary: plan.summary,
      });
      return { ...plan.summary, runId, ranAt: at, backupFile };
    });
  } catch (error) {
    // Two runs at the same moment on SQLite's deferred transactions: the run's unique years refuse the second.
    if (isUniqueViolation(error)) throw conflict(C.alreadyRolledOver, M.alreadyRolledOver);
    throw error;
  }
}

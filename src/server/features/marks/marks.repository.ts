import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName, sortByNameWithin } from '../../../shared/i18n/name-order.js';
import {
  DEFAULT_PASS_MARK,
  type ExamMark,
  type MarkSheet,
  markSheet,
  markTotals,
  meanMark,
  type SubjectMark,
  subjectMarks,
} from '../../../shared/rules/mark-sheet.js';
import type { Db } from '../../db/connect.js';
import { currentPupilsOf } from '../pupils/pupils.repository.js';
import {
  classVisible,
  markVisible,
  type PupilOfRecords,
  type TaughtSpell,
  teachesSubject,
  type Viewer,
  withinSpells,
} from '../school/school.policy.js';

/**
 * Marks: the result lists and mark sheets, the marks entry list of an exam, saving marks with their
 * history. Every mark belongs to an exam (docs/decisions/0087-released-marks.md); pupils and
 * guardians see only the marks of released exams, staff see all with the released flag. A pupil's
 * mark in a subject is the rounded mean of its exams' marks (`subjectMark`); their mark sheet is
 * their subjects in their current class (or, for a pupil in no class now, in the class they were in
 * last), optionally in one term; PASS/FAIL, total, percentage and division come from the shared rule
 * (shared/rules/mark-sheet.ts) with the school's pass mark.
 */

/** Pupils and guardians see a mark once its exam is released; staff see every mark they may see. */
export const seesUnreleased = (viewer: Viewer): boolean =>
  viewer.type === USER_TYPE.principal || viewer.type === USER_TYPE.teacher;

export const PASS_MARK_SETTING = 'pass_mark';

/** The stored pass mark (setting `pass_mark`); a subquery, so a list can read it as a column. */
const storedPassMark = (db: Db) =>
  db.selectFrom('setting').select('value').where('key', '=', PASS_MARK_SETTING);

/** The pass mark a stored value means: DEFAULT_PASS_MARK when unset or unreadable. */
function toPassMark(stored: string | null | undefined): number {
  const value = Number(stored);
  return stored != null && stored !== '' && Number.isInteger(value) && value >= 0 && value <= 100
    ? value
    : DEFAULT_PASS_MARK;
}

/** The school's pass mark (setting `pass_mark`), DEFAULT_PASS_MARK when unset or unreadable. */
export async function passMark(db: Db): Promise<number> {
  return toPassMark((await storedPassMark(db).executeTakeFirst())?.value);
}

export interface MarkRow {
  className: string;
  studentName: string;
  subjectName: string;
  marks: number;
  examId: number;
  examDate: string;
  termId: number | null;
  released: boolean;
  changedAfterRelease: boolean;
}

function markRows(db: Db, viewer: Viewer, termId: number | undefined) {
  let query = db
    .selectFrom('mark as m')
    .innerJoin('exam as x', 'x.id', 'm.exam_id')
    .innerJoin('school_class as c', 'c.id', 'm.class_id')
    .innerJoin('app_user as u', 'u.id', 'm.student_id')
    .innerJoin('subject as s', 's.id', 'm.subject_id')
    .select([
      'c.name as className',
      'u.name as studentName',
      's.name as subjectName',
      'm.marks',
      'x.id as examId',
      'x.exam_date as examDate',
      'x.term_id as termId',
      'x.released_at as releasedAt',
      'm.changed_after_release as changed',
    ])
    .orderBy('c.id')
    .orderBy('u.id')
    .orderBy('s.id')
    .orderBy('x.exam_date')
    .orderBy('x.id');
  if (!seesUnreleased(viewer)) query = query.where('x.released_at', 'is not', null);
  if (termId !== undefined) query = query.where('x.term_id', '=', termId);
  return query;
}

type StoredMarkRow = Omit<MarkRow, 'released' | 'changedAfterRelease'> & {
  releasedAt: string | null;
  changed: number;
};
const toMarkRow = ({ releasedAt, changed, ...row }: StoredMarkRow): MarkRow => ({
  ...row,
  released: releasedAt !== null,
  changedAfterRelease: Number(changed) === 1,
});

/**
 * `GET result`: a pupil's own marks, a teacher's subjects in their classes, all for the principal
 * (pupils and guardians: released exams only), one row per exam mark; class by class, by pupil name
 * in `locale`.
 */
export async function listVisibleMarks(
  db: Db,
  viewer: Viewer,
  locale: AnyLocale,
  termId?: number,
): Promise<MarkRow[]> {
  const rows = await markRows(db, viewer, termId)
    .where(markVisible(db, viewer, { student: 'm.student_id', class: 'm.class_id', subject: 'm.subject_id' }))
    .execute();
  return sortByNameWithin(
    rows.map(toMarkRow),
    locale,
    (row) => row.className,
    (row) => row.studentName,
  );
}

/**
 * Every mark of one pupil the viewer may see, in every class they have marks in; for a former
 * teacher (`taught`, school.policy's `findPupilOfRecords`) only those of the classes and days they
 * taught the pupil in.
 */
export async function marksOfPupil(
  db: Db,
  viewer: Viewer,
  pupil: { id: number; taught: readonly TaughtSpell[] | null },
  termId?: number,
): Promise<MarkRow[]> {
  let query = markRows(db, viewer, termId).where('m.student_id', '=', pupil.id);
  if (pupil.taught)
    query = query.where(withinSpells(pupil.taught, { class: 'm.class_id', day: 'x.exam_date' }));
  return (await query.execute()).map(toMarkRow);
}

/** The class whose marks make the pupil's mark sheet: current, else the last one; null if none. */
async function sheetClassId(db: Db, pupil: PupilOfRecords): Promise<number | null> {
  if (pupil.classId !== null) return pupil.classId;
  const last = await db
    .selectFrom('enrolment')
    .select('class_id')
    .where('student_id', '=', pupil.id)
    .orderBy('ended_on', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.class_id ?? null;
}

export type MarkSheetWithChanges = Omit<MarkSheet, 'rows'> & {
  rows: (MarkSheet['rows'][number] & { changedAfterRelease: boolean })[];
};

/**
 * The pupil's mark sheet as `viewer` may see it (released exams only for pupils and guardians), in
 * one term (whatever their class was) or over all the exams of their class, subjects in the
 * school's order. A former teacher's sheet is over the classes and days they taught the pupil in.
 */
export async function markSheetOf(
  db: Db,
  viewer: Viewer,
  pupil: PupilOfRecords,
  termId?: number,
): Promise<MarkSheetWithChanges> {
  let query = examMarks(db, viewer, termId).where('m.student_id', '=', pupil.id);
  // A term's sheet is the pupil's marks of that term, in whichever class they were then (last year's
  // after a rollover, docs/decisions/0094-last-years-mark-sheets.md); over all terms, the class's. A
  // former teacher's, the classes and days they taught the pupil in (docs/decisions/0095-past-sight.md).
  if (pupil.taught) {
    query = query.where(withinSpells(pupil.taught, { class: 'm.class_id', day: 'x.exam_date' }));
  } else if (termId === undefined) {
    const classId = await sheetClassId(db, pupil);
    if (classId !== null) query = query.where('m.class_id', '=', classId);
  }
  const [rows, pass] = await Promise.all([query.execute(), passMark(db)]);
  const subjects = subjectMarks(rows.map(toExamMark)).sort((a, b) => a.subjectId - b.subjectId);
  const sheet = markSheet(subjects, pass);
  return {
    ...sheet,
    rows: sheet.rows.map((row, index) => ({
      subjectName: row.subjectName,
      marks: row.marks,
      results: row.results,
      changedAfterRelease: subjects[index]?.changedAfterRelease ?? false,
    })),
  };
}

/** Exam marks with their subjects, for the per-subject means. */
function examMarks(db: Db, viewer: Viewer | { releasedOnly: boolean }, termId: number | undefined) {
  let query = db
    .selectFrom('mark as m')
    .innerJoin('exam as x', 'x.id', 'm.exam_id')
    .innerJoin('subject as s', 's.id', 'm.subject_id')
    .select([
      'm.student_id as studentId',
      'm.class_id as classId',
      's.id as subjectId',
      's.name as subjectName',
      'm.marks',
      'm.changed_after_release as changed',
    ]);
  const releasedOnly = 'releasedOnly' in viewer ? viewer.releasedOnly : !seesUnreleased(viewer);
  if (releasedOnly) query = query.where('x.released_at', 'is not', null);
  if (termId !== undefined) query = query.where('x.term_id', '=', termId);
  return query;
}

const toExamMark = (row: {
  subjectId: number;
  subjectName: string;
  marks: number;
  changed: number;
}): ExamMark => ({
  subjectId: row.subjectId,
  subjectName: row.subjectName,
  marks: row.marks,
  changedAfterRelease: Number(row.changed) === 1,
});

/**
 * Each pupil's mark per subject in a term (the mean of the subject's exam marks in that term,
 * rounded), one entry per subject with marks, subjects by name; for report cards. `releasedOnly`
 * leaves out the marks of exams not released yet. A pupil without marks has no entry.
 */
export async function termSubjectMarks(
  db: Db,
  pupilIds: number[],
  termId: number,
  opts: { releasedOnly: boolean },
): Promise<Map<number, SubjectMark[]>> {
  const result = new Map<number, SubjectMark[]>();
  if (pupilIds.length === 0) return result;
  const rows = await examMarks(db, opts, termId).where('m.student_id', 'in', pupilIds).execute();
  const byPupil = new Map<number, ExamMark[]>();
  for (const row of rows) {
    const list = byPupil.get(row.studentId) ?? [];
    list.push(toExamMark(row));
    byPupil.set(row.studentId, list);
  }
  for (const [pupilId, marks] of byPupil) {
    result.set(
      pupilId,
      subjectMarks(marks).sort(
        (a, b) => a.subjectName.localeCompare(b.subjectName, 'en') || a.subjectId - b.subjectId,
      ),
    );
  }
  return result;
}

/**
 * A pupil's mark sheet of each of `termIds` that has marks (`termSubjectMarks`: subjects by name),
 * with total, percentage and division from the shared rule and the school's pass mark.
 */
export async function termMarkSheets(
  db: Db,
  pupilId: number,
  termIds: readonly number[],
  opts: { releasedOnly: boolean },
): Promise<Map<number, Omit<MarkSheet, 'rows'> & { subjects: { subjectName: string; marks: number }[] }>> {
  const sheets = new Map<
    number,
    Omit<MarkSheet, 'rows'> & { subjects: { subjectName: string; marks: number }[] }
  >();
  const pass = await passMark(db);
  for (const termId of termIds) {
    const subjects = (await termSubjectMarks(db, [pupilId], termId, opts)).get(pupilId);
    if (!subjects) continue;
    const { rows: _rows, ...totals } = markSheet(subjects, pass);
    sheets.set(termId, {
      subjects: subjects.map((s) => ({ subjectName: s.subjectName, marks: s.marks })),
      ...totals,
    });
  }
  return sheets;
}

export interface PupilResult {
  studentId: number;
  studentName: string;
  className: string;
  /** Null for a pupil without a single mark in their class yet. */
  totals: Omit<MarkSheet, 'rows'> | null;
}

/**
 * `GET teacher/result`: every current pupil of the classes the viewer may see, with their mark
 * sheet's totals (every exam, released or not: staff only; with `termId`, that term's exams). Two
 * queries: the pupils, and the visible classes' marks summed per pupil and subject; the subjects' means (`meanMark`) and the division
 * come from the shared rule.
 */
export async function listPupilResults(
  db: Db,
  viewer: Viewer,
  locale: AnyLocale,
  termId?: number,
): Promise<PupilResult[]> {
  let sumsQuery = db
    .selectFrom('mark')
    .innerJoin('exam', 'exam.id', 'mark.exam_id')
    .select((eb) => [
      'mark.class_id',
      'mark.student_id',
      eb.fn.sum<number | string>('mark.marks').as('total'),
      eb.fn.countAll<number | string>().as('exams'),
    ])
    .where(classVisible(db, viewer, 'mark.class_id'))
    .groupBy(['mark.class_id', 'mark.student_id', 'mark.subject_id']);
  if (termId !== undefined) sumsQuery = sumsQuery.where('exam.term_id', '=', termId);
  const [rows, sums, pass] = await Promise.all([
    db
      .selectFrom('enrolment as e')
      .innerJoin('app_user as u', 'u.id', 'e.student_id')
      .innerJoin('school_class as c', 'c.id', 'e.class_id')
      .select(['u.id as studentId', 'u.name as studentName', 'c.id as classId', 'c.name as className'])
      .where('e.ended_on', 'is', null)
      .where(classVisible(db, viewer, 'e.class_id'))
      .orderBy('c.id')
      .orderBy('u.id')
      .execute(),
    // One row per pupil and subject however many exams it had: the sums the means come from.
    sumsQuery.execute(),
    passMark(db),
  ]);
  const byPupil = new Map<string, number[]>();
  for (const sum of sums) {
    const key = `${sum.class_id}:${sum.student_id}`;
    const list = byPupil.get(key) ?? [];
    list.push(meanMark(Number(sum.total), Number(sum.exams)));
    byPupil.set(key, list);
  }
  sortByNameWithin(
    rows,
    locale,
    (row) => row.className,
    (row) => row.studentName,
  );
  return rows.map((row) => {
    const subjects = byPupil.get(`${row.classId}:${row.studentId}`) ?? [];
    return {
      studentId: row.studentId,
      studentName: row.studentName,
      className: row.className,
      totals:
        subjects.length === 0
          ? null
          : markTotals(
              {
                subjects: subjects.length,
                total: subjects.reduce((sum, marks) => sum + marks, 0),
                lowest: Math.min(...subjects),
              },
              pass,
            ),
    };
  });
}

// ---------------------------------------------------------------- marks entry

export interface LessonExam {
  id: number;
  classId: number;
  subjectId: number;
  examDate: string;
  time: string;
  termId: number | null;
  termName: string | null;
  released: boolean;
  releasedAt: string | null;
}

function lessonExamRows(db: Db) {
  return db
    .selectFrom('exam as x')
    .leftJoin('school_term as t', 't.id', 'x.term_id')
    .select([
      'x.id',
      'x.class_id as classId',
      'x.subject_id as subjectId',
      'x.exam_date as examDate',
      'x.time',
      'x.term_id as termId',
      't.name as termName',
      'x.released_at as releasedAt',
    ]);
}

const toLessonExam = (row: Omit<LessonExam, 'released'>): LessonExam => ({
  ...row,
  released: row.releasedAt !== null,
});

/** The exams of a class and subject, by date (optionally of one term). */
export async function lessonExams(
  db: Db,
  classId: number,
  subjectId: number,
  termId?: number,
): Promise<LessonExam[]> {
  let query = lessonExamRows(db).where('x.class_id', '=', classId).where('x.subject_id', '=', subjectId);
  if (termId !== undefined) query = query.where('x.term_id', '=', termId);
  const rows = await query.orderBy('x.exam_date').orderBy('x.id').execute();
  return rows.map(toLessonExam);
}

export async function findExam(db: Db, id: number): Promise<LessonExam | undefined> {
  const row = await lessonExamRows(db).where('x.id', '=', id).executeTakeFirst();
  return row && toLessonExam(row);
}

/**
 * The exam marks go to when none is named: of the class and subject, the latest dated on or before
 * `today`; undefined when there is none.
 */
export async function defaultExams(
  db: Db,
  lessons: readonly { classId: number; subjectId: number }[],
  today: string,
): Promise<Map<string, LessonExam>> {
  const found = new Map<string, LessonExam>();
  if (lessons.length === 0) return found;
  const rows = await lessonExamRows(db)
    .where('x.class_id', 'in', [...new Set(lessons.map((l) => l.classId))])
    .where('x.subject_id', 'in', [...new Set(lessons.map((l) => l.subjectId))])
    .where('x.exam_date', '<=', today)
    .orderBy('x.exam_date', 'desc')
    .orderBy('x.id', 'desc')
    .execute();
  for (const row of rows) {
    const key = `${row.classId}:${row.subjectId}`;
    if (!found.has(key)) found.set(key, toLessonExam(row));
  }
  return found;
}

export interface MarkEntryRow {
  studentId: number;
  studentName: string;
  marks: number | null;
  changedAfterRelease: boolean;
}

/**
 * The exam's class's current pupils with their marks in it (null where none is saved), by name in
 * `locale`.
 */
export async function markEntryRows(db: Db, exam: LessonExam, locale: AnyLocale): Promise<MarkEntryRow[]> {
  const rows = await currentPupilsOf(db, exam.classId)
    .leftJoin('mark as m', (join) =>
      join.onRef('m.student_id', '=', 'e.student_id').on('m.exam_id', '=', exam.id),
    )
    .select(['u.id as studentId', 'u.name as studentName', 'm.marks', 'm.changed_after_release as changed'])
    .where('u.type', '=', USER_TYPE.student)
    .execute();
  return sortByName(
    rows.map(({ changed, ...row }) => ({ ...row, changedAfterRelease: Number(changed) === 1 })),
    locale,
    (row) => row.studentName,
  );
}

/**
 * The subjects `viewer` may enter marks of in a class, by name in `locale`: a teacher's assignments
 * in that class, every subject for the principal.
 */
export async function markableSubjects(db: Db, viewer: Viewer, classId: number, locale: AnyLocale) {
  const subjects = await db
    .selectFrom('subject as s')
    .select(['s.id', 's.name'])
    .where(teachesSubject(db, viewer, { class: classId, subject: 's.id' }))
    .orderBy('s.id')
    .execute();
  return sortByName(subjects, locale, (subject) => subject.name);
}

/** The current class of each of the pupils (users of type Student) that is in a class now. */
export async function currentClassOfPupils(
  db: Db,
  studentIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .select(['e.student_id', 'e.class_id'])
    .where('e.student_id', 'in', [...studentIds])
    .where('e.ended_on', 'is', null)
    .where('u.type', '=', USER_TYPE.student)
    .execute();
  return new Map(rows.map((r) => [r.student_id, r.class_id]));
}

/** Of `subjectIds`, those that exist. */
export async function existingSubjectIds(db: Db, subjectIds: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('subject')
    .select('id')
    .where('id', 'in', [...subjectIds])
    .execute();
  return new Set(rows.map((s) => s.id));
}

export interface MarkToSave {
  studentId: number;
  classId: number;
  subjectId: number;
  examId: number;
  marks: number;
}

export interface StoredMark {
  marks: number;
  changedAfterRelease: boolean;
}

/** The stored marks of the pupils in the exams, keyed `exam:student`. */
export async function storedMarks(
  db: Db,
  studentIds: readonly number[],
  examIds: readonly number[],
): Promise<Map<string, StoredMark>> {
  if (studentIds.length === 0 || examIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mark')
    .select(['student_id', 'exam_id', 'marks', 'changed_after_release'])
    .where('student_id', 'in', [...studentIds])
    .where('exam_id', 'in', [...examIds])
    .execute();
  return new Map(
    rows.map((m) => [
      markKey(m.exam_id, m.student_id),
      { marks: m.marks, changedAfterRelease: Number(m.changed_after_release) === 1 },
    ]),
  );
}

export const markKey = (examId: number, studentId: number) => `${examId}:${studentId}`;

/**
 * Writes the changed marks (inside the caller's transaction) and a `mark_change` row for each:
 * `old` is the value before, undefined for a new mark; `afterRelease` says the exam was released
 * when an existing mark changed, which marks it changed from then on.
 */
export async function writeMarkChanges(
  db: Db,
  changes: readonly (MarkToSave & { old: StoredMark | undefined; afterRelease: boolean })[],
  changedBy: number,
  now: string,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('mark')
    .values(
      changes.map((c) => ({
        student_id: c.studentId,
        class_id: c.classId,
        subject_id: c.subjectId,
        exam_id: c.examId,
        marks: c.marks,
        changed_after_release: c.afterRelease || c.old?.changedAfterRelease ? 1 : 0,
        updated_by: changedBy,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['exam_id', 'student_id']).doUpdateSet((eb) => ({
        marks: eb.ref('excluded.marks'),
        changed_after_release: eb.ref('excluded.changed_after_release'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  await db
    .insertInto('mark_change')
    .values(
      changes.map((c) => ({
        student_id: c.studentId,
        class_id: c.classId,
        subject_id: c.subjectId,
        exam_id: c.examId,
        old_marks: c.old?.marks ?? null,
        new_marks: c.marks,
        after_release: c.afterRelease ? 1 : 0,
        changed_by: changedBy,
        changed_at: now,
      })),
    )
    .execute();
}

/** Marks an exam's marks released (once: an exam released already keeps its first release). */
export async function releaseExam(db: Db, examId: number, by: number, now: string): Promise<void> {
  await db
    .updateTable('exam')
    .set({ released_at: now, released_by: by })
    .where('id', '=', examId)
    .where('released_at', 'is', null)
    .execute();
}

/** A pupil's mark changes, newest first; undefined for an id that is not a pupil. */
export async function markHistory(db: Db, studentId: number) {
  const pupil = await db
    .selectFrom('app_user')
    .select('id')
    .where('id', '=', studentId)
    .where('type', '=', USER_TYPE.student)
    .executeTakeFirst();
  if (!pupil) return undefined;
  const rows = await db
    .selectFrom('mark_change as h')
    .innerJoin('subject as s', 's.id', 'h.subject_id')
    .leftJoin('app_user as by', 'by.id', 'h.changed_by')
    .leftJoin('exam as x', 'x.id', 'h.exam_id')
    .select([
      'h.id',
      's.name as subjectName',
      'h.old_marks as oldMarks',
      'h.new_marks as newMarks',
      'x.exam_date as examDate',
      'h.after_release as afterRelease',
      'by.name as changedBy',
      'h.changed_at as changedAt',
    ])
    .where('h.student_id', '=', studentId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  return rows.map(({ afterRelease, ...row }) => ({ ...row, afterRelease: Number(afterRelease) === 1 }));
}

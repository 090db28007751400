import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName, sortByNameWithin } from '../../../shared/i18n/name-order.js';
import {
  DEFAULT_PASS_MARK,
  type MarkSheet,
  markSheet,
  markTotals,
} from '../../../shared/rules/mark-sheet.js';
import type { Db } from '../../db/connect.js';
import { currentPupilsOf } from '../pupils/pupils.repository.js';
import {
  classVisible,
  markVisible,
  teachesSubject,
  type Viewer,
  type VisiblePupil,
} from '../school/school.policy.js';

/**
 * Marks: the result lists and mark sheets, the marks entry list of a class and subject, saving
 * marks with their history. A pupil's mark sheet is their marks in their current class (or, for a
 * pupil in no class now, in the class they were in last); PASS/FAIL, total, percentage and division
 * come from the shared rule (shared/rules/mark-sheet.ts) with the school's pass mark.
 */

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
}

function markRows(db: Db) {
  return db
    .selectFrom('mark as m')
    .innerJoin('school_class as c', 'c.id', 'm.class_id')
    .innerJoin('app_user as u', 'u.id', 'm.student_id')
    .innerJoin('subject as s', 's.id', 'm.subject_id')
    .select(['c.name as className', 'u.name as studentName', 's.name as subjectName', 'm.marks'])
    .orderBy('c.id')
    .orderBy('u.id')
    .orderBy('s.id');
}

/**
 * `GET result`: a pupil's own marks, a teacher's subjects in their classes, all for the principal;
 * class by class, by pupil name in `locale`.
 */
export async function listVisibleMarks(db: Db, viewer: Viewer, locale: AnyLocale): Promise<MarkRow[]> {
  const rows = await markRows(db)
    .where(markVisible(db, viewer, { student: 'm.student_id', class: 'm.class_id', subject: 'm.subject_id' }))
    .execute();
  return sortByNameWithin(
    rows,
    locale,
    (row) => row.className,
    (row) => row.studentName,
  );
}

/** Every mark of one pupil, in every class they have marks in. */
export function marksOfPupil(db: Db, studentId: number): Promise<MarkRow[]> {
  return markRows(db).where('m.student_id', '=', studentId).execute();
}

/** The class whose marks make the pupil's mark sheet: current, else the last one; null if none. */
async function sheetClassId(db: Db, pupil: VisiblePupil): Promise<number | null> {
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

/** The pupil's mark sheet, subjects in the school's order. */
export async function markSheetOf(db: Db, pupil: VisiblePupil): Promise<MarkSheet> {
  const classId = await sheetClassId(db, pupil);
  let query = db
    .selectFrom('mark as m')
    .innerJoin('subject as s', 's.id', 'm.subject_id')
    .select(['s.name as subjectName', 'm.marks'])
    .where('m.student_id', '=', pupil.id);
  if (classId !== null) query = query.where('m.class_id', '=', classId);
  const [rows, pass] = await Promise.all([query.orderBy('s.id').execute(), passMark(db)]);
  return markSheet(rows, pass);
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
 * sheet's totals. One query: the visible classes' marks are summed per pupil in the database (one
 * range of index mark_class_pupil per class), and the division comes from those sums by the shared
 * rule.
 */
export async function listPupilResults(db: Db, viewer: Viewer, locale: AnyLocale): Promise<PupilResult[]> {
  const sums = db
    .selectFrom('mark')
    .select((eb) => [
      'class_id',
      'student_id',
      eb.fn.countAll<number>().as('subjects'),
      eb.fn.sum<number>('marks').as('total'),
      eb.fn.min<number>('marks').as('lowest'),
    ])
    .where(classVisible(db, viewer, 'mark.class_id'))
    .groupBy(['class_id', 'student_id'])
    .as('m');
  const rows = await db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .innerJoin('school_class as c', 'c.id', 'e.class_id')
    .leftJoin(sums, (join) =>
      join.onRef('m.student_id', '=', 'e.student_id').onRef('m.class_id', '=', 'e.class_id'),
    )
    .select([
      'u.id as studentId',
      'u.name as studentName',
      'c.name as className',
      'm.subjects',
      'm.total',
      'm.lowest',
      // Read with the list rather than in a second round trip.
      storedPassMark(db).as('passMark'),
    ])
    .where('e.ended_on', 'is', null)
    .where(classVisible(db, viewer, 'e.class_id'))
    .orderBy('c.id')
    .orderBy('u.id')
    .execute();
  const pass = toPassMark(rows[0]?.passMark);
  sortByNameWithin(
    rows,
    locale,
    (row) => row.className,
    (row) => row.studentName,
  );
  return rows.map((row) => {
    const subjects = Number(row.subjects ?? 0);
    return {
      studentId: row.studentId,
      studentName: row.studentName,
      className: row.className,
      totals:
        subjects === 0
          ? null
          : markTotals({ subjects, total: Number(row.total), lowest: Number(row.lowest) }, pass),
    };
  });
}

// ---------------------------------------------------------------- marks entry

export interface MarkEntryRow {
  studentId: number;
  studentName: string;
  marks: number | null;
}

/**
 * The class's current pupils with their marks in the subject (null where none is saved), by name in
 * `locale`.
 */
export async function markEntryRows(
  db: Db,
  classId: number,
  subjectId: number,
  locale: AnyLocale,
): Promise<MarkEntryRow[]> {
  const rows = await currentPupilsOf(db, classId)
    .leftJoin('mark as m', (join) =>
      join
        .onRef('m.student_id', '=', 'e.student_id')
        .onRef('m.class_id', '=', 'e.class_id')
        .on('m.subject_id', '=', subjectId),
    )
    .select(['u.id as studentId', 'u.name as studentName', 'm.marks'])
    .where('u.type', '=', USER_TYPE.student)
    .execute();
  return sortByName(rows, locale, (row) => row.studentName);
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
  marks: number;
}

/** The stored marks of the pupils in the subjects, keyed `student:class:subject`. */
export async function storedMarks(
  db: Db,
  studentIds: readonly number[],
  subjectIds: readonly number[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('mark')
    .select(['student_id', 'class_id', 'subject_id', 'marks'])
    .where('student_id', 'in', [...studentIds])
    .where('subject_id', 'in', [...subjectIds])
    .execute();
  return new Map(rows.map((m) => [markKey(m.student_id, m.class_id, m.subject_id), m.marks]));
}

export const markKey = (studentId: number, classId: number, subjectId: number) =>
  `${studentId}:${classId}:${subjectId}`;

/**
 * Writes the changed marks (inside the caller's transaction) and a `mark_change` row for each:
 * `old` is the value before, undefined for a new mark.
 */
export async function writeMarkChanges(
  db: Db,
  changes: readonly (MarkToSave & { old: number | undefined })[],
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
        marks: c.marks,
        updated_by: changedBy,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['student_id', 'class_id', 'subject_id']).doUpdateSet((eb) => ({
        marks: eb.ref('excluded.marks'),
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
        old_marks: c.old ?? null,
        new_marks: c.marks,
        changed_by: changedBy,
        changed_at: now,
      })),
    )
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
  return db
    .selectFrom('mark_change as h')
    .innerJoin('subject as s', 's.id', 'h.subject_id')
    .leftJoin('app_user as by', 'by.id', 'h.changed_by')
    .select([
      'h.id',
      's.name as subjectName',
      'h.old_marks as oldMarks',
      'h.new_marks as newMarks',
      'by.name as changedBy',
      'h.changed_at as changedAt',
    ])
    .where('h.student_id', '=', studentId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

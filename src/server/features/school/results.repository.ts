import {
  DEFAULT_PASS_MARK,
  type MarkSheet,
  markSheet,
  markTotals,
} from '../../../shared/rules/mark-sheet.js';
import type { Db } from '../../db/connect.js';
import { classVisible, markVisible, type Viewer, type VisiblePupil } from './school.policy.js';

/**
 * Marks and mark sheets. A pupil's mark sheet is their marks in their current class (or, for a
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
    .orderBy('u.name')
    .orderBy('u.id')
    .orderBy('s.id');
}

/** `GET result`: a pupil's own marks, a teacher's subjects in their classes, all for the principal. */
export function listVisibleMarks(db: Db, viewer: Viewer): Promise<MarkRow[]> {
  return markRows(db)
    .where(markVisible(db, viewer, { student: 'm.student_id', class: 'm.class_id', subject: 'm.subject_id' }))
    .execute();
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
export async function listPupilResults(db: Db, viewer: Viewer): Promise<PupilResult[]> {
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
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  const pass = toPassMark(rows[0]?.passMark);
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

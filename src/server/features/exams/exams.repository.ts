import type { Db } from '../../db/connect.js';
import { classVisible, taughtSubject, type Viewer } from '../school/school.policy.js';

/** Exams: one per class and subject, on a date and at a time of day. */

export interface ExamRow {
  className: string;
  subjectName: string;
  examDate: string;
  time: string;
}

/**
 * Exams by date, of the school year `yearId` only when given (its terms' exams): a class keeps its
 * exams from year to year while its pupils move on (docs/decisions/0098-exam-lists-of-the-current-year.md).
 */
function examRows(db: Db, yearId: number | undefined) {
  let query = db
    .selectFrom('exam as x')
    .innerJoin('school_class as c', 'c.id', 'x.class_id')
    .innerJoin('subject as s', 's.id', 'x.subject_id')
    .select(['c.name as className', 's.name as subjectName', 'x.exam_date as examDate', 'x.time'])
    .orderBy('x.exam_date')
    .orderBy('x.time')
    .orderBy('c.id')
    .orderBy('s.id');
  if (yearId !== undefined) {
    query = query.where(
      'x.term_id',
      'in',
      db.selectFrom('school_term').select('id').where('year_id', '=', yearId),
    );
  }
  return query;
}

/**
 * The exams of the classes the viewer may see (a pupil: their class; the principal: all), by date;
 * of the school year `yearId` when given.
 */
export function listVisibleExams(db: Db, viewer: Viewer, yearId?: number): Promise<ExamRow[]> {
  return examRows(db, yearId)
    .where(classVisible(db, viewer, 'x.class_id'))
    .execute();
}

/** The exams of the subjects a teacher teaches in the classes they teach, by date; of `yearId` when given. */
export function listExamsOfTeacher(db: Db, teacherId: number, yearId?: number): Promise<ExamRow[]> {
  return examRows(db, yearId)
    .where(taughtSubject(db, teacherId, { class: 'x.class_id', subject: 'x.subject_id' }))
    .execute();
}

/** What ExamTime / time show: the date and the time of day, e.g. `2026-12-04 09:00 - 11:00`. */
export const examTime = (exam: ExamRow): string => `${exam.examDate} ${exam.time}`;

export interface NewExam {
  classId: number;
  subjectId: number;
  date: string;
  time: string;
  /** The term holding the date (createExam finds it). */
  termId?: number | null;
}

/** Stores an exam and answers its id. */
export async function insertExam(db: Db, exam: NewExam, now: string): Promise<number> {
  const row = await db
    .insertInto('exam')
    .values({
      class_id: exam.classId,
      subject_id: exam.subjectId,
      exam_date: exam.date,
      time: exam.time,
      term_id: exam.termId ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether marks belong to the exam (it cannot be deleted then). */
export async function examHasMarks(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('mark').select('id').where('exam_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** False when there is no exam with that id. */
export async function deleteExam(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('exam').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

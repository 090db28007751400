import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { FieldError } from '../../../shared/api/errors.js';
import type { SaveMarksBody } from '../../../shared/api/school-admin.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { lessonKey, markableLessons, type Viewer } from '../school/school.policy.js';
import {
  currentClassOfPupils,
  defaultExams,
  existingSubjectIds,
  findExam,
  type LessonExam,
  type MarkEntryRow,
  type MarkToSave,
  markEntryRows,
  markKey,
  releaseExam,
  storedMarks,
  writeMarkChanges,
} from './marks.repository.js';

/**
 * Marks entry (docs/decisions/0009-running-the-school-year.md): the mark list of a class and subject, and saving a batch (all or
 * nothing, with a `mark_change` row for every value that changes). Who may mark what is the
 * policy's `teachesSubject` (school.policy.ts).
 */

/** Whether the viewer may mark (and release) the lesson: its teacher, or the principal. */
export async function mayMark(db: Db, viewer: Viewer, classId: number, subjectId: number): Promise<boolean> {
  return (await markableLessons(db, viewer, [classId], [subjectId])).has(lessonKey(classId, subjectId));
}

/**
 * The class's current pupils with their marks in an exam of the subject (`examId`, else the
 * lesson's latest exam up to `today`; no exam: every mark null); undefined when the viewer may not
 * mark the lesson or the exam is not one of it.
 */
export async function markEntryList(
  db: Db,
  viewer: Viewer,
  query: { classId: number; subjectId: number; examId?: number | undefined },
  today: string,
  locale: Locale,
): Promise<{ rows: MarkEntryRow[]; exam: LessonExam | null } | undefined> {
  const { classId, subjectId } = query;
  if (!(await mayMark(db, viewer, classId, subjectId))) return undefined;
  let exam: LessonExam | undefined;
  if (query.examId !== undefined) {
    exam = await findExam(db, query.examId);
    if (!exam || exam.classId !== classId || exam.subjectId !== subjectId) return undefined;
  } else {
    exam = (await defaultExams(db, [{ classId, subjectId }], today)).get(lessonKey(classId, subjectId));
  }
  if (exam) return { rows: await markEntryRows(db, exam, locale), exam };
  const rows = await markEntryRows(db, { id: 0, classId, subjectId } as LessonExam, locale);
  return { rows, exam: null };
}

/**
 * Releases an exam's marks to its pupils and their guardians: its lesson's teacher or the principal
 * (anyone else: undefined, a 404 as for an unknown exam). A released exam stays released, with its
 * first release's time; marks changed afterwards are flagged (docs/decisions/0087-released-marks.md).
 */
export async function releaseExamMarks(
  db: Db,
  viewer: Viewer,
  examId: number,
  now: string,
): Promise<LessonExam | undefined> {
  return db.transaction().execute(async (trx) => {
    const exam = await findExam(trx, examId);
    if (!exam || !(await mayMark(trx, viewer, exam.classId, exam.subjectId))) return undefined;
    await releaseExam(trx, exam.id, viewer.id, now);
    return findExam(trx, exam.id);
  });
}

/** 400 when a pupil and subject are listed twice in the batch. */
function assertNoRepeats(rows: SaveMarksBody, locale: Locale): void {
  const { t } = translatorFor(locale);
  const duplicates: FieldError[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = `${row.studentId}:${row.subjectId}`;
    if (seen.has(key))
      duplicates.push({ field: `${index}.studentId`, message: t('marks.error.listedTwice') });
    seen.add(key);
  });
  const first = duplicates[0];
  if (first) {
    throw invalid('errors.request.summary', duplicates).withValues({
      field: first.field,
      reason: first.message,
      more: 0,
    });
  }
}

/**
 * `PUT marks`: the marks of an exam (`examId`, else each row's lesson's latest exam up to today).
 * Every row is checked before anything is written; a row the caller may not mark (not a current
 * pupil, unknown subject, not a lesson of the teacher, not the named exam's class and subject, no
 * exam) fails the batch with 404 and
 * details naming the rows, as for an unknown id. Inside one transaction: the current values are
 * read, changed or new ones are upserted and get a history row; unchanged ones write nothing.
 * Answers how many rows were saved and how many of them changed a mark.
 */
export async function saveMarks(
  db: Db,
  viewer: Viewer,
  rows: SaveMarksBody,
  target: { examId?: number | undefined; today: string; now: string },
  /** The request's language, which the rows' problems are said in. */
  locale: Locale,
): Promise<{ saved: number; changed: number }> {
  const { t } = translatorFor(locale);
  const { now } = target;
  assertNoRepeats(rows, locale);
  return db.transaction().execute(async (trx) => {
    const studentIds = [...new Set(rows.map((r) => r.studentId))];
    const subjectIds = [...new Set(rows.map((r) => r.subjectId))];
    const classOf = await currentClassOfPupils(trx, studentIds);
    const subjects = await existingSubjectIds(trx, subjectIds);
    const markable = await markableLessons(trx, viewer, [...classOf.values()], subjectIds);
    const named = target.examId === undefined ? undefined : await findExam(trx, target.examId);
    if (target.examId !== undefined && !named) {
      throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'marks.error.examNotFound');
    }
    const lessons = [...classOf.values()].flatMap((classId) =>
      subjectIds.map((subjectId) => ({ classId, subjectId })),
    );
    const latest = named ? new Map<string, LessonExam>() : await defaultExams(trx, lessons, target.today);
    const examOf = (classId: number, subjectId: number): LessonExam | undefined =>
      named
        ? named.classId === classId && named.subjectId === subjectId
          ? named
          : undefined
        : latest.get(lessonKey(classId, subjectId));

    const problems: FieldError[] = [];
    const records: (MarkToSave & { released: boolean })[] = [];
    rows.forEach((row, index) => {
      const classId = classOf.get(row.studentId);
      const exam = classId === undefined ? undefined : examOf(classId, row.subjectId);
      if (classId === undefined) {
        problems.push({
          field: `${index}.studentId`,
          message: t('marks.error.noPupil', { studentId: String(row.studentId) }),
        });
      } else if (!subjects.has(row.subjectId)) {
        problems.push({
          field: `${index}.subjectId`,
          message: t('marks.error.noSubject', { subjectId: String(row.subjectId) }),
        });
      } else if (!markable.has(lessonKey(classId, row.subjectId))) {
        problems.push({
          field: `${index}.studentId`,
          message: t('marks.error.notYourLesson', {
            subjectId: String(row.subjectId),
            studentId: String(row.studentId),
          }),
        });
      } else if (!exam) {
        problems.push({
          field: `${index}.subjectId`,
          message: t('marks.error.noExam', {
            subjectId: String(row.subjectId),
            studentId: String(row.studentId),
          }),
        });
      } else {
        records.push({
          studentId: row.studentId,
          classId,
          subjectId: row.subjectId,
          examId: exam.id,
          marks: row.marks,
          released: exam.released,
        });
      }
    });
    if (problems.length > 0) {
      throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'marks.error.notAllowed', problems).withValues({
        count: problems.length,
      });
    }

    const existing = await storedMarks(
      trx,
      studentIds,
      records.map((r) => r.examId),
    );
    // A change of a mark pupils have seen is flagged; a first mark typed after release is not a change.
    const changes = records
      .map(({ released, ...r }) => {
        const old = existing.get(markKey(r.examId, r.studentId));
        return { ...r, old, afterRelease: released && old !== undefined };
      })
      .filter((r) => r.old?.marks !== r.marks);
    await writeMarkChanges(trx, changes, viewer.id, now);
    return { saved: records.length, changed: changes.length };
  });
}

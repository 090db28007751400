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
  existingSubjectIds,
  type MarkEntryRow,
  type MarkToSave,
  markEntryRows,
  markKey,
  storedMarks,
  writeMarkChanges,
} from './marks.repository.js';

/**
 * Marks entry (docs/decisions/0009-running-the-school-year.md): the mark list of a class and subject, and saving a batch (all or
 * nothing, with a `mark_change` row for every value that changes). Who may mark what is the
 * policy's `teachesSubject` (school.policy.ts).
 */

/** The class's current pupils with their marks in the subject; undefined when the viewer may not mark it. */
export async function markEntryList(
  db: Db,
  viewer: Viewer,
  classId: number,
  subjectId: number,
  locale: Locale,
): Promise<MarkEntryRow[] | undefined> {
  const markable = await markableLessons(db, viewer, [classId], [subjectId]);
  if (!markable.has(lessonKey(classId, subjectId))) return undefined;
  return markEntryRows(db, classId, subjectId, locale);
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
 * `PUT marks`: every row is checked before anything is written; a row the caller may not mark
 * (not a current pupil, unknown subject, not a lesson of the teacher) fails the batch with 404 and
 * details naming the rows, as for an unknown id. Inside one transaction: the current values are
 * read, changed or new ones are upserted and get a history row; unchanged ones write nothing.
 * Answers how many rows were saved and how many of them changed a mark.
 */
export async function saveMarks(
  db: Db,
  viewer: Viewer,
  rows: SaveMarksBody,
  now: string,
  /** The request's language, which the rows' problems are said in. */
  locale: Locale,
): Promise<{ saved: number; changed: number }> {
  const { t } = translatorFor(locale);
  assertNoRepeats(rows, locale);
  return db.transaction().execute(async (trx) => {
    const studentIds = [...new Set(rows.map((r) => r.studentId))];
    const subjectIds = [...new Set(rows.map((r) => r.subjectId))];
    const classOf = await currentClassOfPupils(trx, studentIds);
    const subjects = await existingSubjectIds(trx, subjectIds);
    const markable = await markableLessons(trx, viewer, [...classOf.values()], subjectIds);

    const problems: FieldError[] = [];
    const records: MarkToSave[] = [];
    rows.forEach((row, index) => {
      const classId = classOf.get(row.studentId);
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
      } else {
        records.push({ studentId: row.studentId, classId, subjectId: row.subjectId, marks: row.marks });
      }
    });
    if (problems.length > 0) {
      throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'marks.error.notAllowed', problems).withValues({
        count: problems.length,
      });
    }

    const existing = await storedMarks(trx, studentIds, subjectIds);
    const changes = records
      .map((r) => ({ ...r, old: existing.get(markKey(r.studentId, r.classId, r.subjectId)) }))
      .filter((r) => r.old !== r.marks);
    await writeMarkChanges(trx, changes, viewer.id, now);
    return { saved: records.length, changed: changes.length };
  });
}

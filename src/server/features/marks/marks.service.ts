import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { FieldError } from '../../../shared/api/errors.js';
import type { SaveMarksBody } from '../../../shared/api/school-admin.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
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
): Promise<MarkEntryRow[] | undefined> {
  const markable = await markableLessons(db, viewer, [classId], [subjectId]);
  if (!markable.has(lessonKey(classId, subjectId))) return undefined;
  return markEntryRows(db, classId, subjectId);
}

/** 400 when a pupil and subject are listed twice in the batch. */
function assertNoRepeats(rows: SaveMarksBody): void {
  const duplicates: FieldError[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = `${row.studentId}:${row.subjectId}`;
    if (seen.has(key))
      duplicates.push({ field: `${index}.studentId`, message: 'this pupil and subject are listed twice' });
    seen.add(key);
  });
  const first = duplicates[0];
  if (first) throw invalid(`${first.field}: ${first.message}`, duplicates);
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
): Promise<{ saved: number; changed: number }> {
  assertNoRepeats(rows);
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
        problems.push({ field: `${index}.studentId`, message: `no pupil ${row.studentId} in a class` });
      } else if (!subjects.has(row.subjectId)) {
        problems.push({ field: `${index}.subjectId`, message: `no subject ${row.subjectId}` });
      } else if (!markable.has(lessonKey(classId, row.subjectId))) {
        problems.push({
          field: `${index}.studentId`,
          message: `you do not teach subject ${row.subjectId} in the class of pupil ${row.studentId}`,
        });
      } else {
        records.push({ studentId: row.studentId, classId, subjectId: row.subjectId, marks: row.marks });
      }
    });
    if (problems.length > 0) {
      throw new HttpError(
        404,
        COMMON_ERROR_CODES.notFound,
        `Nothing was saved: ${problems.length === 1 ? 'one row names' : `${problems.length} rows name`} a pupil or subject you may not mark.`,
        problems,
      );
    }

    const existing = await storedMarks(trx, studentIds, subjectIds);
    const changes = records
      .map((r) => ({ ...r, old: existing.get(markKey(r.studentId, r.classId, r.subjectId)) }))
      .filter((r) => r.old !== r.marks);
    await writeMarkChanges(trx, changes, viewer.id, now);
    return { saved: records.length, changed: changes.length };
  });
}

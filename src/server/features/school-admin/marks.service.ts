import type { FieldError } from '../../../shared/api/errors.js';
import type { SaveMarksBody } from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { findVisibleClass, type Viewer } from '../school/school.policy.js';

/**
 * Marks entry (issue #7): the mark list of a class and subject, saving a batch (all or nothing,
 * with a `mark_change` row for every value that changes) and a pupil's change history.
 */

/** May the viewer mark `subjectId` in `classId`? The principal any; a teacher their lessons. */
async function mayMark(db: Db, viewer: Viewer, classId: number, subjectId: number): Promise<boolean> {
  if (viewer.type === USER_TYPE.principal) return true;
  if (viewer.type !== USER_TYPE.teacher) return false;
  const row = await db
    .selectFrom('class_assignment')
    .select('id')
    .where('teacher_id', '=', viewer.id)
    .where('class_id', '=', classId)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface MarkEntryRow {
  studentId: number;
  studentName: string;
  marks: number | null;
}

/** The class's current pupils with their marks in the subject; undefined when the viewer may not mark it. */
export async function markEntryList(
  db: Db,
  viewer: Viewer,
  classId: number,
  subjectId: number,
): Promise<MarkEntryRow[] | undefined> {
  const schoolClass = await findVisibleClass(db, viewer, classId);
  if (!schoolClass) return undefined;
  const subject = await db.selectFrom('subject').select('id').where('id', '=', subjectId).executeTakeFirst();
  if (!subject || !(await mayMark(db, viewer, classId, subjectId))) return undefined;
  return db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .leftJoin('mark as m', (join) =>
      join
        .onRef('m.student_id', '=', 'e.student_id')
        .onRef('m.class_id', '=', 'e.class_id')
        .on('m.subject_id', '=', subjectId),
    )
    .select(['u.id as studentId', 'u.name as studentName', 'm.marks'])
    .where('e.class_id', '=', classId)
    .where('e.ended_on', 'is', null)
    .where('u.type', '=', USER_TYPE.student)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/**
 * `PUT marks`: every row is checked before anything is written; a row the caller may not mark
 * (not a current pupil, unknown subject, not a lesson of the teacher) fails the batch with 404 and
 * details naming the rows, as for an unknown id. Inside one transaction: the current values are
 * read, changed or new ones are upserted and get a history row; unchanged ones write nothing.
 */
/**
 * The subjects `viewer` may enter marks of in a class, by name: a teacher's assignments in that
 * class, every subject for the principal.
 */
export async function markableSubjects(db: Db, viewer: Viewer, classId: number) {
  let query = db.selectFrom('subject as s').select(['s.id', 's.name']).orderBy('s.name').orderBy('s.id');
  if (viewer.type !== USER_TYPE.principal) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_assignment as a')
          .select('a.id')
          .whereRef('a.subject_id', '=', 's.id')
          .where('a.class_id', '=', classId)
          .where('a.teacher_id', '=', viewer.id),
      ),
    );
  }
  return query.execute();
}

/** Saves marks, all or none; answers how many rows were saved and how many of them changed a mark. */
export async function saveMarks(
  db: Db,
  viewer: Viewer,
  rows: SaveMarksBody,
  now: string,
): Promise<{ saved: number; changed: number }> {
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

  return db.transaction().execute(async (trx) => {
    const studentIds = [...new Set(rows.map((r) => r.studentId))];
    const subjectIds = [...new Set(rows.map((r) => r.subjectId))];
    const classOf = new Map(
      (
        await trx
          .selectFrom('enrolment as e')
          .innerJoin('app_user as u', 'u.id', 'e.student_id')
          .select(['e.student_id', 'e.class_id'])
          .where('e.student_id', 'in', studentIds)
          .where('e.ended_on', 'is', null)
          .where('u.type', '=', USER_TYPE.student)
          .execute()
      ).map((r) => [r.student_id, r.class_id]),
    );
    const subjects = new Set(
      (await trx.selectFrom('subject').select('id').where('id', 'in', subjectIds).execute()).map((s) => s.id),
    );
    const taught =
      viewer.type === USER_TYPE.principal
        ? undefined
        : new Set(
            (
              await trx
                .selectFrom('class_assignment')
                .select(['class_id', 'subject_id'])
                .where('teacher_id', '=', viewer.id)
                .execute()
            ).map((a) => `${a.class_id}:${a.subject_id}`),
          );

    const problems: FieldError[] = [];
    const records: { studentId: number; classId: number; subjectId: number; marks: number }[] = [];
    rows.forEach((row, index) => {
      const classId = classOf.get(row.studentId);
      if (classId === undefined) {
        problems.push({ field: `${index}.studentId`, message: `no pupil ${row.studentId} in a class` });
      } else if (!subjects.has(row.subjectId)) {
        problems.push({ field: `${index}.subjectId`, message: `no subject ${row.subjectId}` });
      } else if (taught && !taught.has(`${classId}:${row.subjectId}`)) {
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
        'NOT_FOUND',
        `Nothing was saved: ${problems.length === 1 ? 'one row names' : `${problems.length} rows name`} a pupil or subject you may not mark.`,
        problems,
      );
    }

    const existing = new Map(
      (
        await trx
          .selectFrom('mark')
          .select(['student_id', 'class_id', 'subject_id', 'marks'])
          .where('student_id', 'in', studentIds)
          .where('subject_id', 'in', subjectIds)
          .execute()
      ).map((m) => [`${m.student_id}:${m.class_id}:${m.subject_id}`, m.marks]),
    );
    const changes = records
      .map((r) => ({ ...r, old: existing.get(`${r.studentId}:${r.classId}:${r.subjectId}`) }))
      .filter((r) => r.old !== r.marks);
    if (changes.length > 0) {
      await trx
        .insertInto('mark')
        .values(
          changes.map((c) => ({
            student_id: c.studentId,
            class_id: c.classId,
            subject_id: c.subjectId,
            marks: c.marks,
            updated_by: viewer.id,
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
      await trx
        .insertInto('mark_change')
        .values(
          changes.map((c) => ({
            student_id: c.studentId,
            class_id: c.classId,
            subject_id: c.subjectId,
            old_marks: c.old ?? null,
            new_marks: c.marks,
            changed_by: viewer.id,
            changed_at: now,
          })),
        )
        .execute();
    }
    return { saved: records.length, changed: changes.length };
  });
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

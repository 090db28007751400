import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';

/** Pupils (users of type Student) and their enrolments: one open enrolment (`ended_on` null) at a time. */

/** Pupils with their current class, by name in `locale`, for the enrol screen. */
export async function listPupils(
  db: Db,
  query: { status?: string; classId?: number; unenrolled?: boolean },
  locale: AnyLocale,
) {
  let q = db
    .selectFrom('app_user as u')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'u.email', 'u.status', 'e.class_id as classId', 'c.name as className'])
    .where('u.type', '=', USER_TYPE.student);
  if (query.status) q = q.where('u.status', '=', query.status);
  if (query.classId !== undefined) q = q.where('e.class_id', '=', query.classId);
  if (query.unenrolled === true) q = q.where('e.id', 'is', null);
  if (query.unenrolled === false) q = q.where('e.id', 'is not', null);
  return sortByName(await q.orderBy('u.id').execute(), locale, (pupil) => pupil.name);
}

/** The pupil's account status; undefined when the id is no user of type Student. */
export const findPupilStatus = (db: Db, studentId: number) =>
  db
    .selectFrom('app_user')
    .select(['id', 'status'])
    .where('id', '=', studentId)
    .where('type', '=', USER_TYPE.student)
    .executeTakeFirst();

/** The pupil's open enrolment, if any. */
export const findOpenEnrolment = (db: Db, studentId: number) =>
  db
    .selectFrom('enrolment')
    .select(['id', 'class_id', 'started_on'])
    .where('student_id', '=', studentId)
    .where('ended_on', 'is', null)
    .executeTakeFirst();

export async function endEnrolment(db: Db, enrolmentId: number, on: string): Promise<void> {
  await db.updateTable('enrolment').set({ ended_on: on }).where('id', '=', enrolmentId).execute();
  // The free seats the public site shows count the pupils (docs/decisions/0101-seats-that-mean-something.md).
  await bumpDataVersion(db, 'content');
}

/** Opens an enrolment of the pupil in the class from `on`. */
export async function openEnrolment(db: Db, studentId: number, classId: number, on: string): Promise<void> {
  await db
    .insertInto('enrolment')
    .values({ student_id: studentId, class_id: classId, started_on: on, ended_on: null })
    .execute();
  // The free seats the public site shows count the pupils (docs/decisions/0101-seats-that-mean-something.md).
  await bumpDataVersion(db, 'content');
}

/** Of the email keys, those an account already has (500 at a time). */
export async function takenEmailKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('app_user')
      .select('email_key')
      .where('email_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) taken.add(row.email_key);
  }
  return taken;
}

/**
 * A class's current pupils (open enrolments `e` with their accounts `u`), by id: the base the
 * class lists (timetable, marks entry, attendance) add their columns and joins to, then put in
 * their reader's order of names (shared/i18n/name-order.ts).
 */
export const currentPupilsOf = (db: Db, classId: number) =>
  db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .where('e.class_id', '=', classId)
    .where('e.ended_on', 'is', null)
    .orderBy('u.id');

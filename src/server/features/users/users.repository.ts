import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import type { UserRow } from '../../db/database.js';
import { bumpDataVersion } from '../../lib/data-version.js';

/**
 * Reads and writes of app_user and user_photo. Functions take the database or a transaction
 * first and answer rows, or undefined for "not found". The password hash is selected only by
 * `findPasswordHash`.
 */

/** Every column but the password hash and the email key. */
const USER_COLUMNS = [
  'id',
  'name',
  'designation',
  'description',
  'type',
  'gender',
  'dob',
  'address',
  'contact',
  'email',
  'social_link',
  'status',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof UserRow)[];

export type UserRecord = Pick<UserRow, (typeof USER_COLUMNS)[number]>;

/** The email as it is compared: trimmed and lowercased (app_user.email_key is unique). */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

export interface NewUserValues {
  name: string;
  designation: string;
  description: string;
  type: string;
  gender: string;
  dob: string;
  address: string;
  contact: string;
  email: string;
  passwordHash: string;
  socialLink: string;
  status: string;
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  return db.selectFrom('app_user').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where('email_key', '=', emailKeyOf(email))
    .executeTakeFirst();
  return row?.id;
}

/** What a log-in needs: the hash to verify and the status to answer. */
export async function findLoginRecord(
  db: Db,
  emailKey: string,
): Promise<
  { id: number; type: string; passwordHash: string; status: string; archivedAt: string | null } | undefined
> {
  return db
    .selectFrom('app_user')
    .select(['id', 'type', 'password_hash as passwordHash', 'status', 'archived_at as archivedAt'])
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_user')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function insertUser(db: Db, values: NewUserValues, now: string): Promise<number> {
  const row = await db
    .insertInto('app_user')
    .values({
      name: values.name,
      designation: values.designation,
      description: values.description,
      type: values.type,
      gender: values.gender,
      dob: values.dob,
      address: values.address,
      contact: values.contact,
      email: values.email,
      email_key: emailKeyOf(values.email),
      password_hash: values.passwordHash,
      social_link: values.socialLink,
      status: values.status,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface UserChanges {
  name?: string;
  designation?: string;
  description?: string;
  gender?: string;
  dob?: string;
  address?: string;
  contact?: string;
  email?: string;
  socialLink?: string;
  passwordHash?: string;
  status?: string;
}

/** Applies the given changes (undefined ones are left alone); answers whether the user exists. */
export async function updateUser(db: Db, id: number, changes: UserChanges, now: string): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({
      updated_at: now,
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.designation !== undefined && { designation: changes.designation }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.gender !== undefined && { gender: changes.gender }),
      ...(changes.dob !== undefined && { dob: changes.dob }),
      ...(changes.address !== undefined && { address: changes.address }),
      ...(changes.contact !== undefined && { contact: changes.contact }),
      ...(changes.email !== undefined && { email: changes.email, email_key: emailKeyOf(changes.email) }),
      ...(changes.socialLink !== undefined && { social_link: changes.socialLink }),
      ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
      ...(changes.status !== undefined && { status: changes.status }),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Sets the account's status when it is another one; answers whether it changed. The affected-row
 * count decides, so of two principals approving at the same moment only one sees a change (and only
 * one approval mail is queued, docs/decisions/0024-family-mails.md).
 */
export async function setStatusIfDifferent(
  db: Db,
  id: number,
  status: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('app_user').where('id', '=', id).executeTakeFirst();
  // A pupil's enrolments go with the account (docs/decisions/0101-seats-that-mean-something.md).
  if (Number(result.numDeletedRows) > 0) await bumpDataVersion(db, 'content');
  return Number(result.numDeletedRows) > 0;
}

/** A user's photos in order (paths relative to the uploads folder). */
export async function photosOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_photo')
    .select('image')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.image);
}

/** Photos of many users at once, by user id. */
export async function photosOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_photo')
    .select(['user_id', 'image'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row.image);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** Replaces a user's photos by `images`, in that order; answers the ones that were there before. */
export async function replacePhotos(db: Db, userId: number, images: readonly string[]): Promise<string[]> {
  const before = await photosOf(db, userId);
  await db.deleteFrom('user_photo').where('user_id', '=', userId).execute();
  if (images.length > 0) {
    await db
      .insertInto('user_photo')
      .values(images.map((image, position) => ({ user_id: userId, position, image })))
      .execute();
  }
  return before;
}

export async function listUsers(
  db: Db,
  filter: { status?: string | undefined; type?: string | undefined },
): Promise<UserRecord[]> {
  let query = db.selectFrom('app_user').select(USER_COLUMNS);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The active teachers, by name in `locale`. */
export async function listActiveTeachers(db: Db, locale: AnyLocale): Promise<{ id: number; name: string }[]> {
  const teachers = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('type', '=', USER_TYPE.teacher)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return sortByName(teachers, locale, (teacher) => teacher.name);
}

/** Whether the teacher has a lesson in the pupil's current class. */
export async function teachesStudent(db: Db, teacherId: number, studentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('class_assignment')
    .innerJoin('enrolment', 'enrolment.class_id', 'class_assignment.class_id')
    .select('class_assignment.id')
    .where('class_assignment.teacher_id', '=', teacherId)
    .where('enrolment.student_id', '=', studentId)
    .where('enrolment.ended_on', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** True for a unique-constraint violation on either engine (the email_key index, in practice). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

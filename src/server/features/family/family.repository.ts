import type {
  ChildRow,
  ChildSuggestion,
  GuardianRow,
  Relationship,
  ReviewChild,
} from '../../../shared/api/family.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { type AnyLocale, DEFAULT_LOCALE } from '../../../shared/i18n/locales.js';
import { byName, sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';

/**
 * The guardian links (docs/decisions/0021-families.md): a Parent account and a pupil, with the
 * relationship. Rows are mapped to the API's objects here, in one place.
 */

/** The type of an account, or undefined when there is none with that id. */
export async function accountType(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('app_user').select('type').where('id', '=', id).executeTakeFirst();
  return row?.type;
}

/** The types of the accounts among `ids` that exist, by id. One query for a batch. */
export async function accountTypes(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'type'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.type]));
}

export interface NewLink {
  parentId: number;
  studentId: number;
  relationship: Relationship;
}

/** Inserts a link; a duplicate fails with the engine's unique violation (users.repository isUniqueViolation). */
export async function insertGuardian(db: Db, link: NewLink, now: string): Promise<void> {
  await db
    .insertInto('guardian')
    .values({
      parent_id: link.parentId,
      student_id: link.studentId,
      relationship: link.relationship,
      created_at: now,
    })
    .execute();
}

/** Links a parent to pupils; a link that exists already is kept as it is. */
export async function insertGuardiansKeepingExisting(
  db: Db,
  parentId: number,
  links: readonly { studentId: number; relationship: Relationship }[],
  now: string,
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('guardian')
    .values(
      links.map((link) => ({
        parent_id: parentId,
        student_id: link.studentId,
        relationship: link.relationship,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['parent_id', 'student_id']).doNothing())
    .execute();
}

/** Whether the link exists. */
export async function guardianExists(db: Db, parentId: number, studentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('guardian')
    .select('parent_id')
    .where('parent_id', '=', parentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a link; false when there was none. */
export async function deleteGuardian(db: Db, parentId: number, studentId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('guardian')
    .where('parent_id', '=', parentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The links, by pupil name then parent name in `locale`; filtered by pupil and/or parent. */
export async function listGuardians(
  db: Db,
  filter: { studentId?: number | undefined; parentId?: number | undefined },
  locale: AnyLocale,
): Promise<GuardianRow[]> {
  let query = db
    .selectFrom('guardian as g')
    .innerJoin('app_user as p', 'p.id', 'g.parent_id')
    .innerJoin('app_user as s', 's.id', 'g.student_id')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 's.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select([
      'g.parent_id',
      'p.name as parent_name',
      'p.email as parent_email',
      'p.contact as parent_contact',
      'g.student_id',
      's.name as student_name',
      'c.name as class_name',
      'g.relationship',
      'g.created_at',
    ]);
  if (filter.studentId !== undefined) query = query.where('g.student_id', '=', filter.studentId);
  if (filter.parentId !== undefined) query = query.where('g.parent_id', '=', filter.parentId);
  const rows = await query.orderBy('g.student_id').orderBy('g.parent_id').execute();
  const pupils = byName(locale, (row: (typeof rows)[number]) => row.student_name);
  const parents = byName(locale, (row: (typeof rows)[number]) => row.parent_name);
  // Two pupils of the same name keep their own parents together.
  rows.sort((a, b) => pupils(a, b) || a.student_id - b.student_id || parents(a, b));
  return rows.map((row) => ({
    parentId: row.parent_id,
    parentName: row.parent_name,
    parentEmail: row.parent_email,
    parentContact: row.parent_contact,
    studentId: row.student_id,
    studentName: row.student_name,
    className: row.class_name ?? null,
    relationship: row.relationship as Relationship,
    linkedAt: row.created_at,
  }));
}

/** One link as the API shows it, or undefined. */
export async function findGuardian(
  db: Db,
  parentId: number,
  studentId: number,
): Promise<GuardianRow | undefined> {
  // One link at most: any language's order will do.
  const rows = await listGuardians(db, { parentId, studentId }, DEFAULT_LOCALE);
  return rows[0];
}

/** A parent's children with their current class and first photo, by name in `locale`. */
export async function childrenOf(db: Db, parentId: number, locale: AnyLocale): Promise<ChildRow[]> {
  const rows = await db
    .selectFrom('guardian as g')
    .innerJoin('app_user as s', 's.id', 'g.student_id')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 's.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select((eb) => [
      'g.student_id',
      's.name as student_name',
      'e.class_id',
      'c.name as class_name',
      'g.relationship',
      eb
        .selectFrom('user_photo as ph')
        .select('ph.image')
        .whereRef('ph.user_id', '=', 's.id')
        .orderBy('ph.position')
        .orderBy('ph.id')
        .limit(1)
        .as('image'),
    ])
    .where('g.parent_id', '=', parentId)
    .orderBy('g.student_id')
    .execute();
  sortByName(rows, locale, (row) => row.student_name);
  return rows.map((row) => ({
    studentId: row.student_id,
    studentName: row.student_name,
    classId: row.class_id ?? null,
    className: row.class_name ?? null,
    image: row.image ?? null,
    relationship: row.relationship as Relationship,
  }));
}

// ---------------------------------------------------------------- guardians to mail

export interface GuardianToMail {
  studentId: number;
  parentId: number;
  name: string;
  email: string;
}

/** The guardians of the pupils who can be mailed: active Parent accounts, by pupil then name. */
export async function guardiansToMail(db: Db, studentIds: readonly number[]): Promise<GuardianToMail[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .selectFrom('guardian as g')
    .innerJoin('app_user as p', 'p.id', 'g.parent_id')
    .select(['g.student_id as studentId', 'p.id as parentId', 'p.name', 'p.email'])
    .where('g.student_id', 'in', [...new Set(studentIds)])
    .where('p.type', '=', USER_TYPE.parent)
    .where('p.status', '=', 'active')
    .orderBy('g.student_id')
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.filter((row) => row.email.trim() !== '');
}

// ---------------------------------------------------------------- children a registering parent names

/** Stores the children a registering parent named, in their order. */
export async function insertChildSuggestions(
  db: Db,
  parentId: number,
  children: readonly ChildSuggestion[],
): Promise<void> {
  if (children.length === 0) return;
  await db
    .insertInto('child_suggestion')
    .values(
      children.map((child, position) => ({
        parent_id: parentId,
        position,
        name: child.name,
        dob: child.dob,
      })),
    )
    .execute();
}

/** How many pupils the review list offers for one named child. */
export const MATCHES_PER_CHILD = 5;

/** Lower case, single spaces: how two names are compared. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * For the principal's review list: the children each of `parentIds` named, each with the pupils
 * that may be them (docs/decisions/0021-families.md): a pupil matches a named child when they have
 * the same date of birth or the same name (case and spacing aside); pupils matching on both come
 * first, then by name in `locale`. Two queries for the whole list.
 */
export async function reviewChildrenOf(
  db: Db,
  parentIds: readonly number[],
  locale: AnyLocale,
): Promise<Map<number, ReviewChild[]>> {
  const result = new Map<number, ReviewChild[]>();
  if (parentIds.length === 0) return result;
  const named = await db
    .selectFrom('child_suggestion')
    .select(['parent_id', 'name', 'dob'])
    .where('parent_id', 'in', [...new Set(parentIds)])
    .orderBy('parent_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (named.length === 0) return result;

  const dobs = [...new Set(named.map((n) => n.dob))];
  const names = [...new Set(named.map((n) => nameKey(n.name)))];
  const pupils = await db
    .selectFrom('app_user as s')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 's.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['s.id', 's.name', 's.dob', 'c.name as class_name'])
    .where('s.type', '=', USER_TYPE.student)
    .where((eb) => eb.or([eb('s.dob', 'in', dobs), eb(eb.fn('lower', ['s.name']), 'in', names)]))
    .orderBy('s.id')
    .execute();
  sortByName(pupils, locale, (pupil) => pupil.name);

  for (const child of named) {
    const key = nameKey(child.name);
    const scored = pupils
      .map((pupil) => ({
        pupil,
        score: (pupil.dob === child.dob ? 1 : 0) + (nameKey(pupil.name) === key ? 1 : 0),
      }))
      .filter((entry) => entry.score > 0)
      // Stable: equal scores keep the order by name.
      .sort((a, b) => b.score - a.score)
      .slice(0, MATCHES_PER_CHILD);
    const list = result.get(child.parent_id) ?? [];
    list.push({
      name: child.name,
      dob: child.dob,
      matches: scored.map(({ pupil }) => ({
        studentId: pupil.id,
        studentName: pupil.name,
        dob: pupil.dob,
        className: pupil.class_name ?? null,
      })),
    });
    result.set(child.parent_id, list);
  }
  return result;
}

/** The accounts among these email keys (users.repository emailKeyOf), with their id and type. */
export async function accountsByEmailKey(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, { id: number; type: string }>> {
  const found = new Map<string, { id: number; type: string }>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('app_user')
      .select(['id', 'type', 'email_key'])
      .where('email_key', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.email_key, { id: row.id, type: row.type });
  }
  return found;
}

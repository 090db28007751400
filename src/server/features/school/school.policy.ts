import { type Expression, type SqlBool, sql } from 'kysely';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import type { SessionUser } from '../auth/session.js';

/**
 * Who may see what in the school area: the one place for the record-level rules of docs/contract/api.md
 * ("own": a Student sees what concerns them or their current class, a Teacher what concerns the
 * classes they teach, a Principle everything; a Parent what concerns their children or their
 * children's current classes, docs/decisions/0021-families.md). Which *types* may call a route is the route's guard
 * (`requireSchoolUser` / `requireTypes`); which *records* they get is decided here, either as a SQL
 * condition a list query adds to its `where`, or as a lookup that answers `undefined` for a record
 * the viewer may not see, which the route turns into the same 404 as for an unknown id.
 *
 * "Teaches a class" means: has at least one class assignment in it. A pupil's class is their
 * current enrolment (`ended_on` null).
 *
 * Conditions take column names (`'e.class_id'`) because they are added to queries of different
 * shapes; every rule is a subquery on an indexed column, so a list stays one query.
 */

export type Viewer = Pick<SessionUser, 'id' | 'type'>;
export type Condition = Expression<SqlBool>;

const ALL: Condition = sql<SqlBool>`1 = 1`;
const NONE: Condition = sql<SqlBool>`1 = 0`;
const ref = (column: string) => sql.ref(column);

/** The classes a teacher has an assignment in (index class_assignment_teacher_class). */
export const taughtClassIds = (db: Db, teacherId: number) =>
  db
    .selectFrom('class_assignment')
    .select('class_assignment.class_id')
    .where('class_assignment.teacher_id', '=', teacherId);

/** The pupil's current class: zero or one row (partial unique index enrolment_one_current). */
export const currentClassIds = (db: Db, studentId: number) =>
  db
    .selectFrom('enrolment')
    .select('enrolment.class_id')
    .where('enrolment.student_id', '=', studentId)
    .where('enrolment.ended_on', 'is', null);

/**
 * The children a parent is linked to (index guardian_pk, docs/decisions/0021-families.md). A
 * parent's record-level rules are "what concerns one of my children, or one of their classes".
 */
export const childIds = (db: Db, parentId: number) =>
  db.selectFrom('guardian').select('guardian.student_id').where('guardian.parent_id', '=', parentId);

/** The current classes of a parent's children. */
export const childrensClassIds = (db: Db, parentId: number) =>
  db
    .selectFrom('enrolment')
    .select('enrolment.class_id')
    .where('enrolment.student_id', 'in', childIds(db, parentId))
    .where('enrolment.ended_on', 'is', null);

/**
 * A class (its timetable, exams, pupil list): the pupil's own, a class of the parent's children, a
 * class the teacher teaches, any for the principal.
 */
export function classVisible(db: Db, viewer: Viewer, classColumn: string): Condition {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return ALL;
    case USER_TYPE.teacher:
      return sql<SqlBool>`${ref(classColumn)} in ${taughtClassIds(db, viewer.id)}`;
    case USER_TYPE.student:
      return sql<SqlBool>`${ref(classColumn)} in ${currentClassIds(db, viewer.id)}`;
    case USER_TYPE.parent:
      return sql<SqlBool>`${ref(classColumn)} in ${childrensClassIds(db, viewer.id)}`;
    default:
      return NONE;
  }
}

/**
 * A pupil and their records (marks, attendance, mark sheet): the pupil themself, their guardians, a
 * teacher of the pupil's current class, the principal. `currentClassColumn` is the pupil's current class, from a
 * join with their open enrolment.
 */
export function pupilVisible(
  db: Db,
  viewer: Viewer,
  columns: { student: string; currentClass: string },
): Condition {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return ALL;
    case USER_TYPE.teacher:
      return sql<SqlBool>`${ref(columns.currentClass)} in ${taughtClassIds(db, viewer.id)}`;
    case USER_TYPE.student:
      return sql<SqlBool>`${ref(columns.student)} = ${viewer.id}`;
    case USER_TYPE.parent:
      return sql<SqlBool>`${ref(columns.student)} in ${childIds(db, viewer.id)}`;
    default:
      return NONE;
  }
}

/**
 * Class assignments (`GET studentclass`): a pupil those of their class, a parent those of their
 * children's classes, a teacher their own, the principal all.
 */
export function assignmentVisible(
  db: Db,
  viewer: Viewer,
  columns: { teacher: string; class: string },
): Condition {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return ALL;
    case USER_TYPE.teacher:
      return sql<SqlBool>`${ref(columns.teacher)} = ${viewer.id}`;
    case USER_TYPE.student:
      return sql<SqlBool>`${ref(columns.class)} in ${currentClassIds(db, viewer.id)}`;
    case USER_TYPE.parent:
      return sql<SqlBool>`${ref(columns.class)} in ${childrensClassIds(db, viewer.id)}`;
    default:
      return NONE;
  }
}

/**
 * Marks in the result lists (`GET result`): a pupil their own, a parent their children's, a teacher
 * those of the subjects they teach in that class, the principal all.
 */
export function markVisible(
  db: Db,
  viewer: Viewer,
  columns: { student: string; class: string; subject: string },
): Condition {
  if (viewer.type === USER_TYPE.student) return sql<SqlBool>`${ref(columns.student)} = ${viewer.id}`;
  if (viewer.type === USER_TYPE.parent)
    return sql<SqlBool>`${ref(columns.student)} in ${childIds(db, viewer.id)}`;
  return teachesSubject(db, viewer, columns);
}

/** A column (`'s.id'`) or a known id: the class or subject of a lesson in the rules below. */
type Operand = string | number;
const operand = (value: Operand) => (typeof value === 'number' ? sql`${value}` : ref(value));

/**
 * "Teaches this subject" (the one place of this rule): the (class, subject) pairs the teacher has
 * an assignment for. Exams and marks of their lessons.
 */
export function taughtSubject(
  db: Db,
  teacherId: number,
  lesson: { class: Operand; subject: Operand },
): Condition {
  const pairs = db
    .selectFrom('class_assignment')
    .select(['class_assignment.class_id', 'class_assignment.subject_id'])
    .where('class_assignment.teacher_id', '=', teacherId);
  return sql<SqlBool>`(${operand(lesson.class)}, ${operand(lesson.subject)}) in ${pairs}`;
}

/** The lessons whose marks the viewer may enter: a teacher the subjects they teach in a class, the principal all. */
export function teachesSubject(
  db: Db,
  viewer: Viewer,
  lesson: { class: Operand; subject: Operand },
): Condition {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return ALL;
    case USER_TYPE.teacher:
      return taughtSubject(db, viewer.id, lesson);
    default:
      return NONE;
  }
}

/**
 * Whether one of the pupils was enrolled in the class on the day (both columns): a notice to a class
 * reaches the pupils of the class as it was when sent (docs/decisions/0095-past-sight.md). The day's
 * column is read inside a subquery on `enrolment`, so it must not be named like one of its columns.
 */
function enrolledOnDay(pupils: Condition, columns: { class: string; day: string }): Condition {
  return sql<SqlBool>`${ref(columns.class)} in (select ne.class_id from enrolment ne where ${pupils}
    and ne.started_on <= ${ref(columns.day)} and (ne.ended_on is null or ne.ended_on >= ${ref(columns.day)}))`;
}

/**
 * Notifications: a pupil those to them, to everyone, and to a class they were in on the day it was
 * sent (`sentOn`); a parent the same for their children; a teacher those they sent, those to the
 * classes they teach and those to everyone; the principal all.
 */
export function notificationVisible(
  db: Db,
  viewer: Viewer,
  columns: { sender: string; class: string; student: string; sentOn: string },
): Condition {
  const toEveryone = sql<SqlBool>`(${ref(columns.class)} is null and ${ref(columns.student)} is null)`;
  const classOnDay = { class: columns.class, day: columns.sentOn };
  switch (viewer.type) {
    case USER_TYPE.principal:
      return ALL;
    case USER_TYPE.teacher:
      return sql<SqlBool>`(${ref(columns.sender)} = ${viewer.id} or ${ref(columns.class)} in ${taughtClassIds(db, viewer.id)} or ${toEveryone})`;
    case USER_TYPE.student:
      return sql<SqlBool>`(${ref(columns.student)} = ${viewer.id} or ${enrolledOnDay(sql<SqlBool>`ne.student_id = ${viewer.id}`, classOnDay)} or ${toEveryone})`;
    case USER_TYPE.parent:
      return sql<SqlBool>`(${ref(columns.student)} in ${childIds(db, viewer.id)} or ${enrolledOnDay(sql<SqlBool>`ne.student_id in ${childIds(db, viewer.id)}`, classOnDay)} or ${toEveryone})`;
    default:
      return NONE;
  }
}

/**
 * Money (a pupil's invoices, payments, receipts and balance, docs/decisions/0026-fees.md): the
 * principal any pupil's, a parent their children's; pupils and teachers none (their routes' guard
 * already answers 403). `studentColumn` is the pupil the money belongs to.
 */
export function moneyVisible(db: Db, viewer: Viewer, studentColumn: string): Condition {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return ALL;
    case USER_TYPE.parent:
      return sql<SqlBool>`${ref(studentColumn)} in ${childIds(db, viewer.id)}`;
    default:
      return NONE;
  }
}

/** A notification to everyone (no class, no pupil): the principal only. */
export const mayNotifyEveryone = (viewer: Viewer): boolean => viewer.type === USER_TYPE.principal;

// ---------------------------------------------------------------- lookups of one record

export interface VisibleClass {
  id: number;
  name: string;
}

/** The class, if it exists and the viewer may see it. */
export async function findVisibleClass(
  db: Db,
  viewer: Viewer,
  classId: number,
): Promise<VisibleClass | undefined> {
  return db
    .selectFrom('school_class')
    .select(['school_class.id', 'school_class.name'])
    .where('school_class.id', '=', classId)
    .where(classVisible(db, viewer, 'school_class.id'))
    .executeTakeFirst();
}

export interface VisiblePupil {
  id: number;
  name: string;
  /** Current class; null for a pupil who is in no class now. */
  classId: number | null;
  className: string | null;
}

/** The pupil (a user of type Student), if they exist and the viewer may see them. */
export async function findVisiblePupil(
  db: Db,
  viewer: Viewer,
  studentId: number,
): Promise<VisiblePupil | undefined> {
  return db
    .selectFrom('app_user as u')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'e.class_id as classId', 'c.name as className'])
    .where('u.id', '=', studentId)
    .where('u.type', '=', USER_TYPE.student)
    .where(pupilVisible(db, viewer, { student: 'u.id', currentClass: 'e.class_id' }))
    .executeTakeFirst();
}

/**
 * A time a teacher taught a pupil who has since moved on (docs/decisions/0095-past-sight.md): one of
 * the pupil's ended enrolments in a class the teacher teaches, from its first to its last day. Class
 * assignments belong to the class and carry on from year to year, so "taught" is read from the
 * enrolment's days in a class the teacher teaches now.
 */
export interface TaughtSpell {
  classId: number;
  firstDay: string;
  lastDay: string;
}

/** The pupil's ended enrolments in classes the teacher teaches, the earliest first. */
export async function spellsTaught(db: Db, teacherId: number, studentId: number): Promise<TaughtSpell[]> {
  const rows = await db
    .selectFrom('enrolment')
    .select(['class_id', 'started_on', 'ended_on'])
    .where('student_id', '=', studentId)
    .where('ended_on', 'is not', null)
    .where('class_id', 'in', taughtClassIds(db, teacherId))
    .orderBy('started_on')
    .execute();
  return rows.map((row) => ({
    classId: row.class_id,
    firstDay: row.started_on,
    lastDay: row.ended_on as string,
  }));
}

/** Whether a run of days (a term, a year) shares a day with one of the spells. */
export const taughtDuring = (
  spells: readonly TaughtSpell[],
  days: { firstDay: string; lastDay: string },
): boolean => spells.some((spell) => spell.firstDay <= days.lastDay && spell.lastDay >= days.firstDay);

/**
 * A record of a class on a day (a mark: its class and its exam's date) that falls in one of the
 * spells: what a former teacher reads of a pupil. No spells: nothing.
 */
export function withinSpells(
  spells: readonly TaughtSpell[],
  columns: { class: string; day: string },
): Condition {
  if (spells.length === 0) return NONE;
  const each = spells.map(
    (spell) =>
      sql<SqlBool>`(${ref(columns.class)} = ${spell.classId} and ${ref(columns.day)} between ${spell.firstDay} and ${spell.lastDay})`,
  );
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}

/**
 * A pupil whose records the viewer reads: `taught` null for whoever sees the pupil whole
 * (`findVisiblePupil`); for a former teacher only, the spells they taught the pupil in, whose
 * records (marks, report cards, years) are all they read.
 */
export type PupilOfRecords = VisiblePupil & { taught: TaughtSpell[] | null };

/**
 * The pupil as `findVisiblePupil` finds them, or else, for a teacher who taught them in a class they
 * have left, the pupil with those spells. Only the reads of a pupil's past (marks, report cards,
 * years) use this; every other read of a former pupil stays a 404.
 */
export async function findPupilOfRecords(
  db: Db,
  viewer: Viewer,
  studentId: number,
): Promise<PupilOfRecords | undefined> {
  const pupil = await findVisiblePupil(db, viewer, studentId);
  if (pupil) return { ...pupil, taught: null };
  if (viewer.type !== USER_TYPE.teacher) return undefined;
  const taught = await spellsTaught(db, viewer.id, studentId);
  if (taught.length === 0) return undefined;
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', '=', studentId)
    .where('type', '=', USER_TYPE.student)
    .executeTakeFirst();
  // The current class is not theirs to know: another teacher's.
  return user && { id: user.id, name: user.name, classId: null, className: null, taught };
}

/** Of runs of days (a pupil's school years), those the viewer reads: all, or a former teacher's taught ones. */
export const daysOfRecords = <T extends { firstDay: string; lastDay: string }>(
  pupil: Pick<PupilOfRecords, 'taught'>,
  rows: readonly T[],
): T[] => rows.filter((row) => pupil.taught === null || taughtDuring(pupil.taught, row));

/**
 * Whether the pupil's records of a term are the viewer's to read: yes for whoever sees the pupil
 * whole (and when no term is named); for a former teacher, a term that shares a day with a spell
 * they taught the pupil in (an unknown term: no).
 */
export async function mayReadTermOf(
  db: Db,
  pupil: Pick<PupilOfRecords, 'taught'>,
  termId: number | undefined,
): Promise<boolean> {
  if (pupil.taught === null || termId === undefined) return true;
  const term = await db
    .selectFrom('school_term')
    .select(['first_day as firstDay', 'last_day as lastDay'])
    .where('id', '=', termId)
    .executeTakeFirst();
  return term !== undefined && taughtDuring(pupil.taught, term);
}

/**
 * The teacher whose exams `GET exam/{teacherid}` lists: a teacher only themself, the principal any
 * user of type Teacher.
 */
export async function findVisibleTeacher(
  db: Db,
  viewer: Viewer,
  teacherId: number,
): Promise<{ id: number; name: string } | undefined> {
  if (viewer.type !== USER_TYPE.principal && !(viewer.type === USER_TYPE.teacher && viewer.id === teacherId))
    return undefined;
  return db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', '=', teacherId)
    .where('type', '=', USER_TYPE.teacher)
    .executeTakeFirst();
}

/**
 * Of `studentIds`, the pupils whose attendance the viewer may record, with their current class:
 * a teacher the current pupils of classes they teach, the principal every current pupil. One query
 * for the whole batch.
 */
export async function recordablePupils(
  db: Db,
  viewer: Viewer,
  studentIds: readonly number[],
): Promise<Map<number, number>> {
  if (studentIds.length === 0 || (viewer.type !== USER_TYPE.teacher && viewer.type !== USER_TYPE.principal))
    return new Map();
  const rows = await db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .select(['e.student_id', 'e.class_id'])
    .where('e.student_id', 'in', [...new Set(studentIds)])
    .where('e.ended_on', 'is', null)
    .where('u.type', '=', USER_TYPE.student)
    .where(classVisible(db, viewer, 'e.class_id'))
    .execute();
  return new Map(rows.map((row) => [row.student_id, row.class_id]));
}

/** The key of a (class, subject) pair in the set `markableLessons` answers. */
export const lessonKey = (classId: number, subjectId: number) => `${classId}:${subjectId}`;

/**
 * Of the existing classes and subjects among `classIds` x `subjectIds`, the pairs whose marks the
 * viewer may enter (`teachesSubject`), as `lessonKey`s. One query for the whole batch.
 */
export async function markableLessons(
  db: Db,
  viewer: Viewer,
  classIds: readonly number[],
  subjectIds: readonly number[],
): Promise<Set<string>> {
  if (classIds.length === 0 || subjectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('school_class as c')
    .innerJoin('subject as s', (join) => join.onTrue())
    .select(['c.id as classId', 's.id as subjectId'])
    .where('c.id', 'in', [...new Set(classIds)])
    .where('s.id', 'in', [...new Set(subjectIds)])
    .where(teachesSubject(db, viewer, { class: 'c.id', subject: 's.id' }))
    .execute();
  return new Set(rows.map((row) => lessonKey(row.classId, row.subjectId)));
}

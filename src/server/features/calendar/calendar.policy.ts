import { type SqlBool, sql } from 'kysely';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import {
  type Condition,
  childrensClassIds,
  currentClassIds,
  taughtClassIds,
  type Viewer,
  type VisibleClass,
} from '../school/school.policy.js';

/**
 * Who sees which entries of the school calendar (docs/decisions/0086-the-school-calendar.md):
 * staff (teachers and the principal) every entry; a parent the entries for everyone and those of
 * their children's current classes; a pupil the entries for everyone and their class's. Staff-only
 * entries are for staff alone. Only the principal writes. A class calendar is a class the viewer may
 * see: any for staff, their children's for a parent, their own for a pupil; any other is the same
 * 404 as an unknown class.
 */

const ALL: Condition = sql<SqlBool>`1 = 1`;
const NONE: Condition = sql<SqlBool>`1 = 0`;

const isStaff = (viewer: Viewer) => viewer.type === USER_TYPE.principal || viewer.type === USER_TYPE.teacher;

export const mayWriteCalendar = (viewer: Viewer): boolean => viewer.type === USER_TYPE.principal;

/** The classes whose entries a parent or pupil sees; undefined for staff (all). */
function ownClassIds(db: Db, viewer: Viewer) {
  if (viewer.type === USER_TYPE.student) return currentClassIds(db, viewer.id);
  if (viewer.type === USER_TYPE.parent) return childrensClassIds(db, viewer.id);
  return undefined;
}

/** Entries for one of `classIds` (a subquery or a list of ids), by the entry's id column. */
function forClasses(
  db: Db,
  entryColumn: string,
  classIds: ReturnType<typeof currentClassIds> | ReturnType<typeof taughtClassIds> | number[],
) {
  const entries = db
    .selectFrom('calendar_entry_class as ecv')
    .select('ecv.entry_id')
    .where('ecv.class_id', 'in', classIds);
  return sql<SqlBool>`${sql.ref(entryColumn)} in ${entries}`;
}

/** The entries the viewer sees, as a condition on a query of calendar_entry aliased `alias`. */
export function entryVisible(db: Db, viewer: Viewer, alias = 'e'): Condition {
  if (isStaff(viewer)) return ALL;
  const classIds = ownClassIds(db, viewer);
  if (!classIds) return NONE;
  return sql<SqlBool>`(${sql.ref(`${alias}.audience`)} = 'everyone' or (${sql.ref(`${alias}.audience`)} = 'classes' and ${forClasses(db, `${alias}.id`, classIds)}))`;
}

/** A class's calendar: the entries for everyone and those for the class (not staff-only ones). */
export function entryOfClass(db: Db, classId: number, alias = 'e'): Condition {
  return sql<SqlBool>`(${sql.ref(`${alias}.audience`)} = 'everyone' or (${sql.ref(`${alias}.audience`)} = 'classes' and ${forClasses(db, `${alias}.id`, [classId])}))`;
}

/** The school's public calendar: events marked public and closures of the whole school. */
export function entryPublic(alias = 'e'): Condition {
  return sql<SqlBool>`(${sql.ref(`${alias}.on_public_feed`)} = 1 or (${sql.ref(`${alias}.kind`)} = 'closure' and ${sql.ref(`${alias}.audience`)} = 'everyone'))`;
}

/** The class, if it exists and its calendar is the viewer's to see. */
export async function findCalendarClass(
  db: Db,
  viewer: Viewer,
  classId: number,
): Promise<VisibleClass | undefined> {
  let query = db
    .selectFrom('school_class')
    .select(['school_class.id', 'school_class.name'])
    .where('school_class.id', '=', classId);
  if (!isStaff(viewer)) {
    const classIds = ownClassIds(db, viewer);
    if (!classIds) return undefined;
    query = query.where('school_class.id', 'in', classIds);
  }
  return query.executeTakeFirst();
}

/**
 * The entries that concern the viewer themself, for the dashboard's "coming up": a teacher's are
 * those for everyone, for staff and for the classes they teach (staff may read every entry, but
 * another class's trip is not theirs); the principal's every entry; a parent's or a pupil's what
 * they see.
 */
export function entryConcerns(db: Db, viewer: Viewer, alias = 'e'): Condition {
  if (viewer.type !== USER_TYPE.teacher) return entryVisible(db, viewer, alias);
  return sql<SqlBool>`(${sql.ref(`${alias}.audience`)} in ('everyone', 'staff') or (${sql.ref(`${alias}.audience`)} = 'classes' and ${forClasses(db, `${alias}.id`, taughtClassIds(db, viewer.id))}))`;
}

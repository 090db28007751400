import { sql } from 'kysely';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { childIds, taughtClassIds, type Viewer } from '../school/school.policy.js';

/**
 * Who may see and change a child's care details and register (docs/decisions/0021-families.md,
 * "Care details and the register"): the child's guardians (a Parent linked through the guardian
 * table) and the principal read and change the care details; the teachers of the child's current
 * class read them and keep the register; anyone else, and an id that is no pupil, gets the same 404
 * as an unknown id (`undefined` here).
 */

export interface CarePupil {
  id: number;
  name: string;
  /** The current class; null when in none. */
  classId: number | null;
  className: string | null;
}

export interface CareAccess {
  pupil: CarePupil;
  /** Guardians and the principal change the care details; a class teacher only reads them. */
  mayEdit: boolean;
  /** Teachers of the pupil's current class and the principal record arrivals and departures. */
  mayRecord: boolean;
}

/** The pupil with the viewer's rights over their care details, or undefined when the viewer has none. */
export async function findCareAccess(
  db: Db,
  viewer: Viewer,
  studentId: number,
): Promise<CareAccess | undefined> {
  if (
    viewer.type !== USER_TYPE.principal &&
    viewer.type !== USER_TYPE.teacher &&
    viewer.type !== USER_TYPE.parent
  )
    return undefined;
  const row = await db
    .selectFrom('app_user as u')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'e.class_id as classId', 'c.name as className'])
    .select(
      (viewer.type === USER_TYPE.teacher
        ? sql<number>`case when e.class_id in ${taughtClassIds(db, viewer.id)} then 1 else 0 end`
        : sql<number>`0`
      ).as('teaches'),
    )
    .select(
      (viewer.type === USER_TYPE.parent
        ? sql<number>`case when u.id in ${childIds(db, viewer.id)} then 1 else 0 end`
        : sql<number>`0`
      ).as('guards'),
    )
    .where('u.id', '=', studentId)
    .where('u.type', '=', USER_TYPE.student)
    .executeTakeFirst();
  if (!row) return undefined;
  const pupil: CarePupil = { id: row.id, name: row.name, classId: row.classId, className: row.className };
  switch (viewer.type) {
    case USER_TYPE.principal:
      return { pupil, mayEdit: true, mayRecord: true };
    case USER_TYPE.teacher:
      return Number(row.teaches) === 1 ? { pupil, mayEdit: false, mayRecord: true } : undefined;
    default:
      return Number(row.guards) === 1 ? { pupil, mayEdit: true, mayRecord: false } : undefined;
  }
}

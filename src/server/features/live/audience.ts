import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { childIds, taughtClassIds, type Viewer } from '../school/school.policy.js';

/**
 * Whose days a user may hear of on the event stream: the care policy's rule (care.policy.ts) read
 * once for all children instead of once per child: a guardian their children, a teacher the pupils
 * of the classes they teach now, the principal every child. Everyone hears of what concerns no one
 * child (`childId: null`, a notice to the school).
 */
export type Audience = { everyChild: true } | { everyChild: false; children: ReadonlySet<number> };

export async function audienceOf(db: Db, viewer: Viewer): Promise<Audience> {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return { everyChild: true };
    case USER_TYPE.teacher: {
      const rows = await db
        .selectFrom('enrolment')
        .select('enrolment.student_id')
        .where('enrolment.ended_on', 'is', null)
        .where('enrolment.class_id', 'in', taughtClassIds(db, viewer.id))
        .execute();
      return { everyChild: false, children: new Set(rows.map((row) => row.student_id)) };
    }
    case USER_TYPE.parent: {
      const rows = await childIds(db, viewer.id).execute();
      return { everyChild: false, children: new Set(rows.map((row) => row.student_id)) };
    }
    default:
      return { everyChild: false, children: new Set() };
  }
}

export function hears(audience: Audience, childId: number | null): boolean {
  return childId === null || audience.everyChild || audience.children.has(childId);
}

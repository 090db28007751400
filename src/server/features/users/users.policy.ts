import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import type { SessionUser } from '../auth/session.js';
import { teachesStudent } from './users.repository.js';

/**
 * Who may see a pupil's profile (`GET users/student/{id}`): the principal any pupil, a teacher the
 * pupils of the classes they teach (current enrolment), a pupil themself, a parent their children
 * (docs/decisions/0021-families.md). Everyone else gets the
 * same 404 as for an id that does not exist, so the answer does not tell which ids are pupils.
 */
export async function maySeeStudent(db: Db, viewer: SessionUser, studentId: number): Promise<boolean> {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return true;
    case USER_TYPE.student:
      return viewer.id === studentId;
    case USER_TYPE.teacher:
      return teachesStudent(db, viewer.id, studentId);
    case USER_TYPE.parent:
      return (
        (await db
          .selectFrom('guardian')
          .select('student_id')
          .where('parent_id', '=', viewer.id)
          .where('student_id', '=', studentId)
          .executeTakeFirst()) !== undefined
      );
    default:
      return false;
  }
}

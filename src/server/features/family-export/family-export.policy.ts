import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { childIds, type Viewer } from '../school/school.policy.js';

/**
 * Who may ask for a child's archive and read its requests
 * (docs/decisions/0109-a-familys-data-on-request.md): the child's guardians, for their own child
 * (and themselves), and the principal, for any pupil's family. Anyone else, and a pupil who is not
 * one, gets the 404 of an unknown pupil.
 */
export async function findExportablePupil(
  db: Db,
  viewer: Viewer,
  studentId: number,
): Promise<{ id: number; name: string } | undefined> {
  if (viewer.type !== USER_TYPE.principal && viewer.type !== USER_TYPE.parent) return undefined;
  let query = db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', '=', studentId)
    .where('type', '=', USER_TYPE.student);
  if (viewer.type === USER_TYPE.parent) query = query.where('id', 'in', childIds(db, viewer.id));
  return query.executeTakeFirst();
}

/** The requests of the child a viewer reads: a guardian their own, the principal every one. */
export const readsEveryRequest = (viewer: Viewer): boolean => viewer.type === USER_TYPE.principal;

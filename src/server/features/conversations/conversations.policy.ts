import type { ConversationSide } from '../../../shared/api/conversations.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { type CarePupil, findCareAccess } from '../care/care.policy.js';
import type { Viewer } from '../school/school.policy.js';

/**
 * Who belongs to a child's conversation (docs/decisions/0080-conversations.md): the child's
 * guardians (the family side), the teachers of the child's current class and the principal (the
 * school side): the same people as the care details' readers (care.policy.ts). Anyone else, and an
 * id that is no pupil, gets the 404 of an unknown id (`undefined` here).
 */
export interface ConversationAccess {
  pupil: CarePupil;
  side: ConversationSide;
}

export async function findConversationAccess(
  db: Db,
  viewer: Viewer,
  studentId: number,
): Promise<ConversationAccess | undefined> {
  const access = await findCareAccess(db, viewer, studentId);
  if (!access) return undefined;
  return { pupil: access.pupil, side: viewer.type === USER_TYPE.parent ? 'family' : 'school' };
}

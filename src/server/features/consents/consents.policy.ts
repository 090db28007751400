import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { type CarePupil, findCareAccess } from '../care/care.policy.js';
import type { Viewer } from '../school/school.policy.js';

/**
 * Who may see and change a child's consents (docs/decisions/0111-consent-as-a-ledger.md): those of
 * the child's care details (care.policy.ts), since the consents were part of them. The child's
 * guardians and the principal read and change them; the teachers of the child's current class read
 * them (who may appear in a class photo); the principal alone records a consent given on paper.
 * Anyone else, and an id that is no pupil: `undefined`, the 404 of an unknown id.
 */
export interface ConsentAccess {
  pupil: CarePupil;
  mayChange: boolean;
  mayRecordPaper: boolean;
}

export async function findConsentAccess(
  db: Db,
  viewer: Viewer,
  studentId: number,
): Promise<ConsentAccess | undefined> {
  const care = await findCareAccess(db, viewer, studentId);
  if (!care) return undefined;
  return {
    pupil: care.pupil,
    mayChange: care.mayEdit,
    mayRecordPaper: viewer.type === USER_TYPE.principal,
  };
}

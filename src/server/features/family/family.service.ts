import { type ApprovalLinks, FAMILY_MESSAGES, type GuardianRow } from '../../../shared/api/family.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  accountTypes,
  findGuardian,
  guardianExists,
  insertGuardian,
  type NewLink,
} from './family.repository.js';

export const alreadyLinked = () => conflict('ALREADY_LINKED', FAMILY_MESSAGES.alreadyLinked);

const notParentAndPupil = () =>
  invalid(FAMILY_MESSAGES.notParentAndPupil, [
    { field: 'parentId', message: FAMILY_MESSAGES.notParentAndPupil },
  ]);

/**
 * `POST admin/guardians`: links a Parent account to a pupil. 400 when the ids are not an existing
 * Parent and an existing Student (the same answer for an unknown id: the principal sees every
 * account anyway), 409 when the link exists.
 */
export async function linkGuardian(db: Db, link: NewLink): Promise<GuardianRow> {
  const types = await accountTypes(db, [link.parentId, link.studentId]);
  if (types.get(link.parentId) !== USER_TYPE.parent || types.get(link.studentId) !== USER_TYPE.student)
    throw notParentAndPupil();
  if (await guardianExists(db, link.parentId, link.studentId)) throw alreadyLinked();
  try {
    await insertGuardian(db, link, nowIso());
  } catch (error) {
    // Two principals linking the same pair at once: the second meets the primary key.
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
  const row = await findGuardian(db, link.parentId, link.studentId);
  // Deleted between the insert and the read (the account was removed): as if it never existed.
  if (!row) throw notFound('That link');
  return row;
}

/**
 * With a Parent's approval (`PATCH users/{id}/status` with `links`, inside its transaction): links
 * the parent to each pupil. Every id must be a Student (else 400, and the transaction, approval
 * included, is undone); a link that exists already is kept as it is.
 */
export async function linkApprovedParent(trx: Db, parentId: number, links: ApprovalLinks): Promise<void> {
  if (links.length === 0) return;
  const types = await accountTypes(
    trx,
    links.map((link) => link.studentId),
  );
  const problems = links.flatMap((link, index) =>
    types.get(link.studentId) === USER_TYPE.student
      ? []
      : [{ field: `links.${index}.studentId`, message: FAMILY_MESSAGES.notAPupil }],
  );
  if (problems.length > 0) throw invalid(FAMILY_MESSAGES.notAPupil, problems);
  const now = nowIso();
  await trx
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

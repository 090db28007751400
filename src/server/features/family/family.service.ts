import { FAMILY_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { FAMILY_MESSAGES, type GuardianRow } from '../../../shared/api/family.js';
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

export const alreadyLinked = () => conflict(FAMILY_ERROR_CODES.alreadyLinked, FAMILY_MESSAGES.alreadyLinked);

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

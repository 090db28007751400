import {
  GuardianAnswerSchema,
  type GuardianRow,
  type LinkGuardianBody,
} from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';
import { guardianKeys } from './keys.js';

/**
 * `POST admin/guardians` `{ parentId, studentId, relationship }` -> 201 with the link; 409 when the
 * parent is already linked to the pupil, 400 when the accounts are not a Parent and a Student.
 */
export async function linkGuardian(body: LinkGuardianBody): Promise<GuardianRow> {
  const answer = await apiClient.post('admin/guardians', body, { schema: GuardianAnswerSchema });
  return answer.data;
}

export function useLinkGuardian() {
  return useInvalidatingMutation(linkGuardian, guardianKeys.all);
}

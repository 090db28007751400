import type { GuardianParams } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';
import { guardianKeys } from './keys.js';

export type UnlinkRequest = GuardianParams;

/** `DELETE admin/guardians/{parentId}/{studentId}` -> 204. */
export async function unlinkGuardian({ parentId, studentId }: UnlinkRequest): Promise<void> {
  await apiClient.delete(`admin/guardians/${parentId}/${studentId}`);
}

export function useUnlinkGuardian() {
  return useInvalidatingMutation(unlinkGuardian, guardianKeys.all);
}

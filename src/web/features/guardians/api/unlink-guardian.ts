import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { guardianKeys } from './keys.js';

export interface UnlinkRequest {
  parentId: number;
  studentId: number;
}

/** `DELETE admin/guardians/{parentId}/{studentId}` -> 204. */
export async function unlinkGuardian({ parentId, studentId }: UnlinkRequest): Promise<void> {
  await apiClient.delete(`admin/guardians/${parentId}/${studentId}`);
}

export function useUnlinkGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkGuardian,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianKeys.all }),
  });
}

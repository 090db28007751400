import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { studentProfileQueryKey } from './get-student-profile.js';
import { userListsQueryKey } from './list-users.js';

/**
 * `DELETE users/{id}` -> 204 (docs/contract/api.md#delete-users-id; the principal, never for their own
 * account).
 */
export async function deleteUser(id: number): Promise<void> {
  await apiClient.delete(`users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: studentProfileQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: userListsQueryKey });
    },
  });
}

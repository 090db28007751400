import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type StatusChange,
  type UserForReview,
  type UserWithStatus,
  UserWithStatusSchema,
} from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { pendingUsersQueryOptions, userListsQueryKey } from './list-users.js';

export interface StatusChangeRequest extends StatusChange {
  id: number;
}

/**
 * `PATCH users/{id}/status` with `active` (approve) or `rejected`
 * (docs/contract/api.md#patch-users-id-status).
 */
export async function setUserStatus({ id, status }: StatusChangeRequest): Promise<UserWithStatus> {
  const body = await apiClient.patch(
    `users/${id}/status`,
    { status },
    { schema: z.object({ data: UserWithStatusSchema }) },
  );
  return body.data;
}

/** Approves or rejects; the account leaves the pending list at once, then every list reloads. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: (_user, { id }) => {
      queryClient.setQueryData<UserForReview[]>(pendingUsersQueryOptions().queryKey, (users) =>
        users?.filter((user) => user.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userListsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApprovalLinks, StatusChangeWithLinks } from '../../../../shared/api/family.js';
import {
  type UserForReview,
  type UserWithStatus,
  UserWithStatusSchema,
} from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { pendingUsersQueryOptions, userListsQueryKey } from './list-users.js';

export type ApprovalLink = ApprovalLinks[number];

/**
 * The account and the body of `PATCH users/{id}/status`; with an approval, `links` are the pupils to
 * link the parent to (docs/decisions/0021-families.md#staff-screens).
 */
export type StatusChangeRequest = StatusChangeWithLinks & { id: number };

/**
 * `PATCH users/{id}/status` with `active` (approve) or `rejected`
 * (docs/contract/api.md#patch-users-id-status), an approval of a Parent with the confirmed `links`
 * (ApprovalLinksSchema in shared/api/family.ts), an approval of a Principle with the approving
 * principal's own `password`.
 */
export async function setUserStatus({
  id,
  status,
  links,
  password,
}: StatusChangeRequest): Promise<UserWithStatus> {
  const body = await apiClient.patch(
    `users/${id}/status`,
    // Only an approval carries links, and only when there are some; only the approval of a second
    // principal carries the approver's password (SECOND_PRINCIPAL): every other decision reads as before.
    {
      status,
      ...(status === 'active' && links && links.length > 0 ? { links } : {}),
      ...(status === 'active' && password !== undefined ? { password } : {}),
    },
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

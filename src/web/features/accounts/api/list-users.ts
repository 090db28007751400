import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ReviewChildSchema } from '../../../../shared/api/family.js';
import { UserForReviewSchema, type UserListQuery } from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { toAccount, type WithOurNames } from './account-fields.js';

/**
 * A row of the principal's list. A registering Parent's named children, with the pupils that may be
 * them, come as `children` (docs/decisions/0021-families.md#staff-screens); rows without it (other
 * types, older servers) read as before.
 */
const ReviewRowSchema = UserForReviewSchema.extend({ children: z.array(ReviewChildSchema).optional() });
export type PendingAccount = WithOurNames<z.infer<typeof ReviewRowSchema>>;

/**
 * `GET users?status=...&type=...` -> accounts with every photo, for the principal
 * (docs/contract/api.md#get-users).
 */
export async function listUsers(query: UserListQuery, signal?: AbortSignal): Promise<PendingAccount[]> {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  if (query.type) search.set('type', query.type);
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  const body = await apiClient.get(`users${suffix}`, {
    signal,
    schema: z.object({ data: z.array(ReviewRowSchema) }),
  });
  return body.data.map(toAccount);
}

/** Every list of users shares this prefix, so one invalidation refreshes them all. */
export const userListsQueryKey = ['users', 'list'] as const;
export const userListQueryKey = (query: UserListQuery) => [...userListsQueryKey, query] as const;

const PENDING: UserListQuery = { status: 'pending' };

/** The registrations waiting for the principal (docs/contract/fixes-and-gaps.md#fix-9). */
export const pendingUsersQueryOptions = () =>
  queryOptions({
    queryKey: userListQueryKey(PENDING),
    queryFn: ({ signal }) => listUsers(PENDING, signal),
  });

export const usePendingUsers = () => useQuery(pendingUsersQueryOptions());

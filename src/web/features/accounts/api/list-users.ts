import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserForReviewSchema, type UserListQuery } from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { type AccountForReview, toAccount } from './account-fields.js';

/**
 * `GET users?status=...&type=...` -> accounts with every photo, for the principal
 * (docs/contract/api.md#get-users).
 */
export async function listUsers(query: UserListQuery, signal?: AbortSignal): Promise<AccountForReview[]> {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  if (query.type) search.set('type', query.type);
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  const body = await apiClient.get(`users${suffix}`, {
    signal,
    schema: z.object({ data: z.array(UserForReviewSchema) }),
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

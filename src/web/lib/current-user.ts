import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type Account, toAccount } from '../../shared/api/user-fields.js';
import { UserSchema } from '../../shared/api/users.js';
import { apiClient } from './api-client.js';

/**
 * The logged-in user: one query under one key for every screen that needs them (the account
 * screens show and edit the profile; the school screens send the id to `exam/{teacherid}` and
 * `attendance/student/{id}` and show a Principle the Add Class Details button). Saving the profile
 * writes this one cache entry, so a new name shows everywhere at once. It holds the account under
 * our field names (shared/api/user-fields.ts).
 */
export type CurrentUser = Account;

/** `GET users/profile` -> the logged-in user (docs/contract/api.md#get-users-profile). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const body = await apiClient.get('users/profile', { signal, schema: z.object({ results: UserSchema }) });
  return toAccount(body.results);
}

/** Under `users`, so logging out (which keeps only `content`) forgets it. */
export const currentUserQueryKey = ['users', 'profile'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal) });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

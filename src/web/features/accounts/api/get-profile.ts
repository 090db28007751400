import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserSchema } from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { type Account, toAccount } from './account-fields.js';

/** `GET users/profile` -> the logged-in user (api.md, Accounts). */
export async function getProfile(signal?: AbortSignal): Promise<Account> {
  const body = await apiClient.get('users/profile', { signal, schema: z.object({ results: UserSchema }) });
  return toAccount(body.results);
}

/** Under `users`, so logging out (which keeps only `content`) forgets it. */
export const profileQueryKey = ['users', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());

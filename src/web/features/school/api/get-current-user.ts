import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { USER_TYPES, type UserType } from '../../../../shared/constants.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from './query-keys.js';

/**
 * The logged-in user, as far as the school screens need it: who they are (their id is sent to
 * `exam/{teacherid}` and `attendance/student/{id}`) and their type (a Principle sees Add Class
 * Details). The accounts feature reads the full profile for its own screens; features do not import
 * each other, so this is a small read of the same call under its own key.
 */
export interface CurrentUser {
  id: number;
  name: string;
  type: UserType;
}

const ProfileAnswerSchema = z.object({
  results: z.object({ id: z.number().int(), name: z.string(), type: z.enum(USER_TYPES) }),
});

/** `GET users/profile` -> `{ results: { id, name, type, ... } }`. */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const { results } = await apiClient.get('users/profile', { signal, schema: ProfileAnswerSchema });
  return { id: results.id, name: results.name, type: results.type };
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: schoolKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserSchema } from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { type Account, toAccount } from './account-fields.js';

/**
 * `GET users/student/{id}` -> a pupil's profile. The server answers 404 both for "no such pupil" and
 * "not one you may see" (docs/contract/api.md#errors), and 403 for account types without a school area.
 */
export async function getStudentProfile(id: number, signal?: AbortSignal): Promise<Account> {
  const body = await apiClient.get(`users/student/${id}`, {
    signal,
    schema: z.object({ results: UserSchema }),
  });
  return toAccount(body.results);
}

export const studentProfileQueryKey = (id: number) => ['users', 'student', id] as const;

export const studentProfileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studentProfileQueryKey(id),
    queryFn: ({ signal }) => getStudentProfile(id, signal),
  });

export const useStudentProfile = (id: number) => useQuery(studentProfileQueryOptions(id));

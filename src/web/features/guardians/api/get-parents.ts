import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserSchema } from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { guardianKeys } from './keys.js';

export interface ParentChoice {
  id: number;
  name: string;
  email: string;
}

/** `GET users?type=Parent&status=active` -> the parent accounts the principal may link to a pupil. */
export async function getParents(signal?: AbortSignal): Promise<ParentChoice[]> {
  const body = await apiClient.get('users?type=Parent&status=active', {
    signal,
    schema: z.object({ data: z.array(UserSchema) }),
  });
  return body.data
    .map((user) => ({ id: user.id, name: user.name, email: user.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const parentsQueryOptions = () =>
  queryOptions({ queryKey: guardianKeys.parents(), queryFn: ({ signal }) => getParents(signal) });

export const useParents = () => useQuery(parentsQueryOptions());

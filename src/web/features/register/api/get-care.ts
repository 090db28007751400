import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CareAnswer, CareAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { registerKeys } from './keys.js';

/**
 * `GET pupils/{id}/care` -> the child's care details; the register reads only who may collect the
 * child (the guardians and the authorised pick-ups). A teacher of the child's class may read it.
 */
export async function getCare(studentId: number, signal?: AbortSignal): Promise<CareAnswer> {
  const body = await apiClient.get(`pupils/${studentId}/care`, { signal, schema: CareAnswerSchema });
  return body.data;
}

export const careQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: registerKeys.care(studentId),
    queryFn: ({ signal }) => getCare(studentId, signal),
  });

export const useCare = (studentId: number) => useQuery(careQueryOptions(studentId));

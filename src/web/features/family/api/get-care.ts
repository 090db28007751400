import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CareAnswer, CareAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

export type { CareAnswer };

/** `GET pupils/{id}/care`: the child's care details, and whether the caller may change them. */
export async function getCare(studentId: number, signal?: AbortSignal): Promise<CareAnswer> {
  const body = await apiClient.get(`pupils/${studentId}/care`, { signal, schema: CareAnswerSchema });
  return body.data;
}

export const careQueryOptions = (studentId: number) =>
  queryOptions({ queryKey: familyKeys.care(studentId), queryFn: ({ signal }) => getCare(studentId, signal) });

export const useCare = (studentId: number) => useQuery(careQueryOptions(studentId));

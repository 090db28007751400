import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { CareHistoryAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

export type CareHistoryEntry = z.infer<typeof CareHistoryAnswerSchema>['data'][number];

/** `GET pupils/{id}/care/history`: every saved change of the care details, newest first. */
export async function getCareHistory(studentId: number, signal?: AbortSignal): Promise<CareHistoryEntry[]> {
  const body = await apiClient.get(`pupils/${studentId}/care/history`, {
    signal,
    schema: CareHistoryAnswerSchema,
  });
  return body.data;
}

export const careHistoryQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: familyKeys.careHistory(studentId),
    queryFn: ({ signal }) => getCareHistory(studentId, signal),
  });

export const useCareHistory = (studentId: number) => useQuery(careHistoryQueryOptions(studentId));

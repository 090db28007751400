import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { CheckinsAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

export type Checkins = z.infer<typeof CheckinsAnswerSchema>;

/** `GET pupils/{id}/checkins?date=` (today without a date): the child's arrivals and departures of a day. */
export async function getCheckins(studentId: number, date?: string, signal?: AbortSignal): Promise<Checkins> {
  const query = date ? `?${new URLSearchParams({ date })}` : '';
  return apiClient.get(`pupils/${studentId}/checkins${query}`, { signal, schema: CheckinsAnswerSchema });
}

export const checkinsQueryOptions = (studentId: number, date?: string) =>
  queryOptions({
    queryKey: familyKeys.checkins(studentId, date),
    queryFn: ({ signal }) => getCheckins(studentId, date, signal),
  });

export const useCheckins = (studentId: number, date?: string) =>
  useQuery(checkinsQueryOptions(studentId, date));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChildDay, ChildDayAnswerSchema } from '../../../../shared/api/day-log.js';
import { apiClient } from '../../../lib/api-client.js';
import { dayLogKeys } from './keys.js';

/** `GET pupils/{id}/day?date=` -> the child's day: register and log in time order. */
export async function getChildDay(studentId: number, date: string, signal?: AbortSignal): Promise<ChildDay> {
  const query = new URLSearchParams({ date });
  const body = await apiClient.get(`pupils/${studentId}/day?${query}`, {
    signal,
    schema: ChildDayAnswerSchema,
  });
  return body.data;
}

export const childDayQueryOptions = (studentId: number, date: string) =>
  queryOptions({
    queryKey: dayLogKeys.childDay(studentId, date),
    queryFn: ({ signal }) => getChildDay(studentId, date, signal),
  });

export const useChildDay = (studentId: number, date: string) =>
  useQuery(childDayQueryOptions(studentId, date));

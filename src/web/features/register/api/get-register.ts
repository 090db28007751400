import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RegisterAnswer, RegisterAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { registerKeys } from './keys.js';

/** `GET classes/{id}/register?date=YYYY-MM-DD` -> each pupil with the day's arrival and departure. */
export async function getRegister(
  classId: number,
  date: string,
  signal?: AbortSignal,
): Promise<RegisterAnswer> {
  const query = new URLSearchParams({ date });
  return apiClient.get(`classes/${classId}/register?${query}`, { signal, schema: RegisterAnswerSchema });
}

export const registerQueryOptions = (classId: number, date: string) =>
  queryOptions({
    queryKey: registerKeys.classDay(classId, date),
    queryFn: ({ signal }) => getRegister(classId, date, signal),
  });

/** Loads once a class is chosen; always asks again when the screen opens (children come and go). */
export const useRegister = (classId: number | undefined, date: string) =>
  useQuery({
    ...registerQueryOptions(classId ?? 0, date),
    enabled: classId !== undefined && date !== '',
    staleTime: 0,
  });

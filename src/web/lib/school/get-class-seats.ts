import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClassSeatsAnswerSchema, type ClassSeatsInput } from '../../../shared/api/admissions.js';
import { apiClient } from '../api-client.js';
import { useInvalidatingMutation } from '../use-invalidating-mutation.js';

/**
 * Seats (docs/decisions/0101-seats-that-mean-something.md): each class's seats in a year; read by the
 * school set-up's seats and the admissions board (docs/decisions/0105-the-admissions-board.md).
 */

export const classSeatsQueryKey = ['admin', 'class-seats'] as const;

/** `GET admin/admissions/classes?yearId=`: every class's seats; without a year, the admissions year's. */
export const classSeatsQueryOptions = (yearId: number | undefined) =>
  queryOptions({
    queryKey: [...classSeatsQueryKey, yearId ?? 'admissions'],
    queryFn: ({ signal }) =>
      apiClient.get(`admin/admissions/classes${yearId === undefined ? '' : `?yearId=${yearId}`}`, {
        signal,
        schema: ClassSeatsAnswerSchema,
      }),
  });
export const useClassSeats = (yearId: number | undefined) => useQuery(classSeatsQueryOptions(yearId));

/** `PUT admin/admissions/classes`. */
export const useSaveClassSeats = () =>
  useInvalidatingMutation(
    (input: ClassSeatsInput) =>
      apiClient.put('admin/admissions/classes', input, { schema: ClassSeatsAnswerSchema }),
    classSeatsQueryKey,
  );

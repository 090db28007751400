import { queryOptions, useQuery } from '@tanstack/react-query';
import { MarkEntryAnswerSchema, type MarkEntryRow } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';

export type MarkEntry = MarkEntryRow;

/** Under 'school', so logout drops it with the rest of the school area. */
export const markEntriesKey = (classId: number, subjectId: number) =>
  ['school', 'marks', classId, subjectId] as const;

/** `GET marks?classId=&subjectId=` -> `{ data: [ { studentId, studentName, marks } ] }`. */
export async function getMarkEntries(
  classId: number,
  subjectId: number,
  signal?: AbortSignal,
): Promise<MarkEntry[]> {
  const query = new URLSearchParams({ classId: String(classId), subjectId: String(subjectId) });
  const body = await apiClient.get(`marks?${query.toString()}`, { signal, schema: MarkEntryAnswerSchema });
  return body.data;
}

export const markEntriesQueryOptions = (classId: number, subjectId: number) =>
  queryOptions({
    queryKey: markEntriesKey(classId, subjectId),
    queryFn: ({ signal }) => getMarkEntries(classId, subjectId, signal),
  });

/** Asks only once both a class and a subject are chosen. */
export const useMarkEntries = (classId: number | undefined, subjectId: number | undefined) =>
  useQuery({
    ...markEntriesQueryOptions(classId ?? 0, subjectId ?? 0),
    enabled: classId !== undefined && subjectId !== undefined,
  });

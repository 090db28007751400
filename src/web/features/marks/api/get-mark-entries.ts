import { queryOptions, useQuery } from '@tanstack/react-query';
import { MarkEntryAnswerSchema, type MarkEntryRow } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';

export type MarkEntry = MarkEntryRow;

/** Under 'school', so logout drops it with the rest of the school area. */
export const markEntriesKey = (classId: number, subjectId: number, examId: number) =>
  ['school', 'marks', classId, subjectId, examId] as const;

/**
 * `GET marks?classId=&subjectId=&examId=` -> `{ data: [ { studentId, studentName, marks,
 * changedAfterRelease } ], exam }`: the class's pupils with their marks in that exam.
 */
export async function getMarkEntries(
  classId: number,
  subjectId: number,
  examId: number,
  signal?: AbortSignal,
): Promise<MarkEntry[]> {
  const query = new URLSearchParams({
    classId: String(classId),
    subjectId: String(subjectId),
    examId: String(examId),
  });
  const body = await apiClient.get(`marks?${query.toString()}`, { signal, schema: MarkEntryAnswerSchema });
  return body.data;
}

export const markEntriesQueryOptions = (classId: number, subjectId: number, examId: number) =>
  queryOptions({
    queryKey: markEntriesKey(classId, subjectId, examId),
    queryFn: ({ signal }) => getMarkEntries(classId, subjectId, examId, signal),
  });

/** Asks only once a class, a subject and an exam are chosen. */
export const useMarkEntries = (
  classId: number | undefined,
  subjectId: number | undefined,
  examId: number | undefined,
) =>
  useQuery({
    ...markEntriesQueryOptions(classId ?? 0, subjectId ?? 0, examId ?? 0),
    enabled: classId !== undefined && subjectId !== undefined && examId !== undefined,
  });

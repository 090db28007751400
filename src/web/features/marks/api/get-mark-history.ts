import { queryOptions, useQuery } from '@tanstack/react-query';
import { MarkHistoryAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export interface MarkChange {
  id: number;
  subjectName: string;
  /** Null for the first mark entered in that subject. */
  oldMarks: number | null;
  newMarks: number;
  /** Who changed it; null when that account is gone. */
  changedBy: string | null;
  changedAt: string;
}

/** `GET marks/history/{studentId}` (principal) -> every change of the pupil's marks, newest first. */
export async function getMarkHistory(studentId: number, signal?: AbortSignal): Promise<MarkChange[]> {
  const body = await apiClient.get(`marks/history/${studentId}`, { signal, schema: MarkHistoryAnswerSchema });
  return body.data;
}

export const markHistoryQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: schoolKeys.markHistory(studentId),
    queryFn: ({ signal }) => getMarkHistory(studentId, signal),
  });

export const useMarkHistory = (studentId: number) => useQuery(markHistoryQueryOptions(studentId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeacherResultAnswerSchema } from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** One pupil's overall result (a row of Final-results). */
export interface FinalResult {
  className: string;
  studentName: string;
  result: string;
  studentId: number;
}

/** `GET teacher/result` -> `{ data: [ { className, studentName, result, studentId } ] }`. */
export async function getTeacherResults(signal?: AbortSignal): Promise<FinalResult[]> {
  const body = await apiClient.get('teacher/result', { signal, schema: TeacherResultAnswerSchema });
  return body.data.map((row) => ({ ...row }));
}

export const teacherResultsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.teacherResults(), queryFn: ({ signal }) => getTeacherResults(signal) });

export const useTeacherResults = () => useQuery(teacherResultsQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ResultAnswerSchema } from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export interface ResultRow {
  className: string;
  studentName: string;
  subjectName: string;
  marks: number;
}

/** `GET result` -> `{ data: [ { classes, name, subjectName, marks } ] }` (the caller's own). */
export async function getResults(signal?: AbortSignal): Promise<ResultRow[]> {
  const body = await apiClient.get('result', { signal, schema: ResultAnswerSchema });
  return body.data.map((row) => ({
    className: row.classes,
    studentName: row.name,
    subjectName: row.subjectName,
    marks: row.marks,
  }));
}

export const resultsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.results(), queryFn: ({ signal }) => getResults(signal) });

export const useResults = () => useQuery(resultsQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ResultSummaryAnswerSchema } from '../../../../shared/api/school.js';
import type { Division, MarkSheetRow } from '../../../../shared/rules/mark-sheet.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** A pupil's mark sheet, as the server computed it with the shared `markSheet` rule. */
export interface ResultSummary {
  studentName: string;
  rows: MarkSheetRow[];
  total: number;
  percentage: number;
  division: Division;
}

/** `GET result-summary/{id}` -> `{ data: { studentName, rows, total, percentage, division } }`. */
export async function getResultSummary(studentId: number, signal?: AbortSignal): Promise<ResultSummary> {
  const body = await apiClient.get(`result-summary/${studentId}`, {
    signal,
    schema: ResultSummaryAnswerSchema,
  });
  const { studentName, rows, total, percentage, division } = body.data;
  return {
    studentName,
    rows: rows.map((row) => ({ subjectName: row.subjectName, marks: row.marks, results: row.results })),
    total,
    percentage,
    division,
  };
}

export const resultSummaryQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: schoolKeys.resultSummary(studentId),
    queryFn: ({ signal }) => getResultSummary(studentId, signal),
  });

export const useResultSummary = (studentId: number) => useQuery(resultSummaryQueryOptions(studentId));

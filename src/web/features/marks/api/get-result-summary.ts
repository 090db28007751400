import { ResultSummaryAnswerSchema } from '../../../../shared/api/school.js';
import type { Division, MarkSheetRow } from '../../../../shared/rules/mark-sheet.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';

/** A pupil's mark sheet, as the server computed it with the shared `markSheet` rule. */
export interface ResultSummary {
  studentName: string;
  rows: MarkSheetRow[];
  total: number;
  percentage: number;
  division: Division;
}

/** `GET result-summary/{id}` -> `{ data: { studentName, rows, total, percentage, division } }`. */
export const [getResultSummary, resultSummaryQueryOptions, useResultSummary] = schoolReadOf(
  schoolKeys.resultSummary,
  (studentId) => `result-summary/${studentId}`,
  ResultSummaryAnswerSchema,
  ({ data: { studentName, rows, total, percentage, division } }): ResultSummary => ({
    studentName,
    rows: rows.map((row) => ({ subjectName: row.subjectName, marks: row.marks, results: row.results })),
    total,
    percentage,
    division,
  }),
);

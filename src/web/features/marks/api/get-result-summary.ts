import { type ResultSummary, ResultSummaryAnswerSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';

export type { ResultSummary };

/** `GET result-summary/{id}` -> `{ data: { studentName, rows, total, percentage, division } }`. */
export const [getResultSummary, resultSummaryQueryOptions, useResultSummary] = schoolReadOf(
  schoolKeys.resultSummary,
  (studentId) => `result-summary/${studentId}`,
  ResultSummaryAnswerSchema,
  (body): ResultSummary => body.data,
);

import { type ResultSummary, ResultSummaryAnswerSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { termQuery, termReadOf } from '../../../lib/school/school-read.js';

export type { ResultSummary };

/** `GET result-summary/{id}[?termId=]` -> `{ data: { studentName, rows, total, percentage, division } }`. */
export const [getResultSummary, resultSummaryQueryOptions, useResultSummary] = termReadOf(
  schoolKeys.resultSummary,
  (studentId, termId) => `result-summary/${studentId}${termQuery(termId)}`,
  ResultSummaryAnswerSchema,
  (body): ResultSummary => body.data,
);

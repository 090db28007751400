import { type MarkChangeRow, MarkHistoryAnswerSchema } from '../../../../shared/api/school-admin.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';

/** `oldMarks`: null for the first mark entered in that subject; `changedBy`: null when that account is gone. */
export type MarkChange = MarkChangeRow;

/** `GET marks/history/{studentId}` (principal) -> every change of the pupil's marks, newest first. */
export const [getMarkHistory, markHistoryQueryOptions, useMarkHistory] = schoolReadOf(
  schoolKeys.markHistory,
  (studentId) => `marks/history/${studentId}`,
  MarkHistoryAnswerSchema,
  (body): MarkChange[] => body.data,
);

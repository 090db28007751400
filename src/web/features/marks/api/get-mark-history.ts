import { MarkHistoryAnswerSchema } from '../../../../shared/api/school-admin.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';

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
export const [getMarkHistory, markHistoryQueryOptions, useMarkHistory] = schoolReadOf(
  schoolKeys.markHistory,
  (studentId) => `marks/history/${studentId}`,
  MarkHistoryAnswerSchema,
  (body): MarkChange[] => body.data,
);

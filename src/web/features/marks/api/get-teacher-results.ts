import { TeacherResultAnswerSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

/** One pupil's overall result (a row of Final-results). */
export interface FinalResult {
  className: string;
  studentName: string;
  result: string;
  studentId: number;
}

/** `GET teacher/result` -> `{ data: [ { className, studentName, result, studentId } ] }`. */
export const [getTeacherResults, teacherResultsQueryOptions, useTeacherResults] = schoolRead(
  schoolKeys.teacherResults,
  'teacher/result',
  TeacherResultAnswerSchema,
  (body): FinalResult[] => body.data.map((row) => ({ ...row })),
);

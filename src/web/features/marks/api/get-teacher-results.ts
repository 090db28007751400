import { TeacherResultAnswerSchema, type TeacherResultRow } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

/** One pupil's overall result (a row of Final-results). */
export type FinalResult = TeacherResultRow;

/** `GET teacher/result` -> `{ data: [ { className, studentName, result, studentId } ] }`. */
export const [getTeacherResults, teacherResultsQueryOptions, useTeacherResults] = schoolRead(
  schoolKeys.teacherResults,
  'teacher/result',
  TeacherResultAnswerSchema,
  (body): FinalResult[] => body.data,
);

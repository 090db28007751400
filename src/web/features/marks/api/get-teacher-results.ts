import { TeacherResultAnswerSchema, type TeacherResultRow } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { termQuery, termRead } from '../../../lib/school/school-read.js';

/** One pupil's overall result (a row of Final-results). */
export type FinalResult = TeacherResultRow;

/** `GET teacher/result[?termId=]` -> `{ data: [ { className, studentName, result, studentId } ] }`. */
export const [getTeacherResults, teacherResultsQueryOptions, useTeacherResults] = termRead(
  schoolKeys.teacherResults,
  (termId) => `teacher/result${termQuery(termId)}`,
  TeacherResultAnswerSchema,
  (body): FinalResult[] => body.data,
);

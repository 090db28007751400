import { StudentResultAnswerSchema } from '../../../../shared/api/school.js';
import type { SubjectResult } from '../../../../shared/rules/mark-sheet.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';

export interface StudentResult {
  studentName: string;
  subjectName: string;
  marks: number;
  result: SubjectResult;
  changedAfterRelease: boolean;
}

/** `GET student/result/{id}` -> `{ data: [ { studentName, subjectName, marks, results } ] }`. */
export const [getStudentResults, studentResultsQueryOptions, useStudentResults] = schoolReadOf(
  schoolKeys.studentResults,
  (studentId) => `student/result/${studentId}`,
  StudentResultAnswerSchema,
  (body): StudentResult[] =>
    body.data.map((row) => ({
      studentName: row.studentName,
      subjectName: row.subjectName,
      marks: row.marks,
      result: row.results,
      changedAfterRelease: row.changedAfterRelease,
    })),
);

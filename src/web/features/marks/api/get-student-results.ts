import { StudentResultAnswerSchema } from '../../../../shared/api/school.js';
import type { SubjectResult } from '../../../../shared/rules/mark-sheet.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { termQuery, termReadOf } from '../../../lib/school/school-read.js';

export interface StudentResult {
  studentName: string;
  subjectName: string;
  marks: number;
  result: SubjectResult;
  changedAfterRelease: boolean;
}

/** `GET student/result/{id}[?termId=]` -> `{ data: [ { studentName, subjectName, marks, results } ] }`. */
export const [getStudentResults, studentResultsQueryOptions, useStudentResults] = termReadOf(
  schoolKeys.studentResults,
  (studentId, termId) => `student/result/${studentId}${termQuery(termId)}`,
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

import { ResultAnswerSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { termQuery, termRead } from '../../../lib/school/school-read.js';

export interface ResultRow {
  className: string;
  studentName: string;
  subjectName: string;
  marks: number;
  examId: number;
  examDate: string;
  /** Staff also see marks pupils and parents do not see yet. */
  released: boolean;
  changedAfterRelease: boolean;
}

/**
 * `GET result[?termId=]` -> `{ data: [ { classes, name, subjectName, marks, examId, examDate, released,
 * changedAfterRelease } ] }` (the caller's own; one row per exam mark, of one term or all).
 */
export const [getResults, resultsQueryOptions, useResults] = termRead(
  schoolKeys.termResults,
  (termId) => `result${termQuery(termId)}`,
  ResultAnswerSchema,
  (body): ResultRow[] =>
    body.data.map((row) => ({
      className: row.classes,
      studentName: row.name,
      subjectName: row.subjectName,
      marks: row.marks,
      examId: row.examId,
      examDate: row.examDate,
      released: row.released,
      changedAfterRelease: row.changedAfterRelease,
    })),
);

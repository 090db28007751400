import { ResultAnswerSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

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
 * `GET result` -> `{ data: [ { classes, name, subjectName, marks, examId, examDate, released,
 * changedAfterRelease } ] }` (the caller's own; one row per exam mark).
 */
export const [getResults, resultsQueryOptions, useResults] = schoolRead(
  schoolKeys.results,
  'result',
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

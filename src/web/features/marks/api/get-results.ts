import { ResultAnswerSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

export interface ResultRow {
  className: string;
  studentName: string;
  subjectName: string;
  marks: number;
}

/** `GET result` -> `{ data: [ { classes, name, subjectName, marks } ] }` (the caller's own). */
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
    })),
);

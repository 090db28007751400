import { SubjectsAnswerSchema } from '../../../shared/api/school.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

export interface Subject {
  id: number;
  name: string;
}

/** `GET subject` -> `{ data: [ { id, sub_name } ] }`. */
export const [getSubjects, subjectsQueryOptions, useSubjects] = schoolRead(
  schoolKeys.subjects,
  'subject',
  SubjectsAnswerSchema,
  (body): Subject[] => body.data.map((row) => ({ id: row.id, name: row.sub_name })),
);

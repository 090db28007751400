import { ClassesAnswerSchema } from '../../../shared/api/school.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

export interface SchoolClass {
  id: number;
  name: string;
}

/** `GET classes` -> `{ result: [ { id, classes } ] }`. */
export const [getClasses, classesQueryOptions, useClasses] = schoolRead(
  schoolKeys.classes,
  'classes',
  ClassesAnswerSchema,
  (body): SchoolClass[] => body.result.map((row) => ({ id: row.id, name: row.classes })),
);

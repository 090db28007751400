import { z } from 'zod';
import { TeacherOptionSchema } from '../../../../shared/api/users.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

export interface TeacherOption {
  id: number;
  name: string;
}

const TeachersAnswerSchema = z.object({ results: z.array(TeacherOptionSchema) });

/** `GET users/teacher` -> `{ results: [ { id, name } ] }`. */
export const [getTeachers, teachersQueryOptions, useTeachers] = schoolRead(
  schoolKeys.teachers,
  'users/teacher',
  TeachersAnswerSchema,
  (body): TeacherOption[] => body.results.map((row) => ({ id: row.id, name: row.name })),
);

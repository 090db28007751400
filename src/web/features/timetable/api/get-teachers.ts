import { z } from 'zod';
import { type TeacherOption, TeacherOptionSchema } from '../../../../shared/api/users.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

export type { TeacherOption };

const TeachersAnswerSchema = z.object({ results: z.array(TeacherOptionSchema) });

/** `GET users/teacher` -> `{ results: [ { id, name } ] }`. */
export const [getTeachers, teachersQueryOptions, useTeachers] = schoolRead(
  schoolKeys.teachers,
  'users/teacher',
  TeachersAnswerSchema,
  (body): TeacherOption[] => body.results,
);

import { z } from 'zod';
import { type User, UserSchema } from '../../../shared/api/users.js';
import { schoolKeys } from './query-keys.js';
import { schoolReadOf } from './school-read.js';

/** Who a pupil is, as far as a school screen's heading needs it. */
export type Pupil = Pick<User, 'id' | 'name'>;

const PupilAnswerSchema = z.object({ results: UserSchema.pick({ id: true, name: true }) });

/** `GET users/student/{id}` -> `{ results: { id, name, ... } }` (the accounts feature reads the rest). */
export const [getPupil, pupilQueryOptions, usePupil] = schoolReadOf(
  schoolKeys.pupil,
  (studentId) => `users/student/${studentId}`,
  PupilAnswerSchema,
  ({ results }): Pupil => results,
);

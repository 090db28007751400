import { z } from 'zod';
import { schoolKeys } from './query-keys.js';
import { schoolReadOf } from './school-read.js';

/** Who a pupil is, as far as a school screen's heading needs it. */
export interface Pupil {
  id: number;
  name: string;
}

const PupilAnswerSchema = z.object({ results: z.object({ id: z.number().int(), name: z.string() }) });

/** `GET users/student/{id}` -> `{ results: { id, name, ... } }` (the accounts feature reads the rest). */
export const [getPupil, pupilQueryOptions, usePupil] = schoolReadOf(
  schoolKeys.pupil,
  (studentId) => `users/student/${studentId}`,
  PupilAnswerSchema,
  ({ results }): Pupil => ({ id: results.id, name: results.name }),
);

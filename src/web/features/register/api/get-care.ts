import { type CareAnswer, CareAnswerSchema } from '../../../../shared/api/family.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';
import { registerKeys } from './keys.js';

/**
 * `GET pupils/{id}/care` -> the child's care details; the register reads only who may collect the
 * child (the guardians and the authorised pick-ups). A teacher of the child's class may read it.
 */
export const [getCare, careQueryOptions, useCare] = schoolReadOf(
  registerKeys.care,
  (studentId) => `pupils/${studentId}/care`,
  CareAnswerSchema,
  (body): CareAnswer => body.data,
);

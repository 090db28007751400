import { type CareAnswer, CareAnswerSchema } from '../../../../shared/api/family.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';
import { familyKeys } from './keys.js';

export type { CareAnswer };

/** `GET pupils/{id}/care`: the child's care details, and whether the caller may change them. */
export const [getCare, careQueryOptions, useCare] = schoolReadOf(
  familyKeys.care,
  (studentId) => `pupils/${studentId}/care`,
  CareAnswerSchema,
  (body): CareAnswer => body.data,
);

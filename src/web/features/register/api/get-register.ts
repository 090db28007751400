import { RegisterAnswerSchema } from '../../../../shared/api/family.js';
import { classDayRead } from '../../../lib/school/school-read.js';
import { registerKeys } from './keys.js';

/** `GET classes/{id}/register?date=YYYY-MM-DD` -> each pupil with the day's arrival and departure. */
export const [getRegister, registerQueryOptions, useRegister] = classDayRead(
  registerKeys.classDay,
  (classId, date) => `classes/${classId}/register?${new URLSearchParams({ date })}`,
  RegisterAnswerSchema,
  (answer) => answer,
);

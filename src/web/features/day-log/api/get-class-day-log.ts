import { ClassDayLogAnswerSchema } from '../../../../shared/api/day-log.js';
import { classDayRead } from '../../../lib/school/school-read.js';
import { dayLogKeys } from './keys.js';

/** `GET classes/{id}/day-log?date=` -> the class's entries of the day, in time order. */
export const [getClassDayLog, classDayLogQueryOptions, useClassDayLog] = classDayRead(
  dayLogKeys.classDay,
  (classId, date) => `classes/${classId}/day-log?${new URLSearchParams({ date })}`,
  ClassDayLogAnswerSchema,
  (answer) => answer,
);

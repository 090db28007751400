import { TimeSlotsAnswerSchema } from '../../../shared/api/school.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

export interface TimeSlot {
  id: number;
  /** As the school writes it, e.g. `08:00 - 08:45`. */
  label: string;
}

/** `GET time` -> `{ data: [ { id, time } ] }`, in the day's order. */
export const [getTimeSlots, timeSlotsQueryOptions, useTimeSlots] = schoolRead(
  schoolKeys.timeSlots,
  'time',
  TimeSlotsAnswerSchema,
  (body): TimeSlot[] => body.data.map((row) => ({ id: row.id, label: row.time })),
);

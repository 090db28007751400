import { queryOptions, useQuery } from '@tanstack/react-query';
import { TimeSlotsAnswerSchema } from '../../../shared/api/school.js';
import { apiClient } from '../api-client.js';
import { schoolKeys } from './query-keys.js';

export interface TimeSlot {
  id: number;
  /** As the school writes it, e.g. `08:00 - 08:45`. */
  label: string;
}

/** `GET time` -> `{ data: [ { id, time } ] }`, in the day's order. */
export async function getTimeSlots(signal?: AbortSignal): Promise<TimeSlot[]> {
  const body = await apiClient.get('time', { signal, schema: TimeSlotsAnswerSchema });
  return body.data.map((row) => ({ id: row.id, label: row.time }));
}

export const timeSlotsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.timeSlots(), queryFn: ({ signal }) => getTimeSlots(signal) });

export const useTimeSlots = () => useQuery(timeSlotsQueryOptions());

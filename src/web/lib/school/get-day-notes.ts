import { useQuery } from '@tanstack/react-query';
import { DayNotesAnswerSchema } from '../../../shared/api/conversations.js';
import { apiClient } from '../api-client.js';
import { classDayRead } from './school-read.js';

/**
 * The families' typed messages of a day (docs/decisions/0080-conversations.md): read by Today
 * (the class's) and the check-out dialog (one child's), so here rather than in either feature. Keyed
 * under 'conversations': a new message makes them stale on the live stream (shared/api/live.ts).
 */
export const dayNotesKeys = {
  classDay: (classId: number, date: string) =>
    ['conversations', 'day-notes', 'class', classId, date] as const,
  pupilDay: (studentId: number, date: string) =>
    ['conversations', 'day-notes', 'pupil', studentId, date] as const,
};

/** `GET classes/{id}/day-notes?date=` -> absent today, late pick-ups and other collectors of the class. */
export const [getClassDayNotes, classDayNotesQueryOptions, useClassDayNotes] = classDayRead(
  dayNotesKeys.classDay,
  (classId, date) => `classes/${classId}/day-notes?${new URLSearchParams({ date })}`,
  DayNotesAnswerSchema,
  (answer) => answer.data,
);

/** `GET pupils/{id}/conversation/day-notes?date=` -> one child's typed messages of the day. */
export const usePupilDayNotes = (studentId: number, date: string) =>
  useQuery({
    queryKey: dayNotesKeys.pupilDay(studentId, date),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`pupils/${studentId}/conversation/day-notes?${new URLSearchParams({ date })}`, {
          signal,
          schema: DayNotesAnswerSchema,
        })
      ).data,
    enabled: date !== '',
  });

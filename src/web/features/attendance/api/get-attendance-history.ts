import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AttendanceDay,
  AttendanceHistoryAnswerSchema,
  type AttendanceTotals,
} from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export type { AttendanceDay, AttendanceTotals };

/** The answer's `data` and `summary`, named for what they are. */
export interface AttendanceHistory {
  days: AttendanceDay[];
  totals: AttendanceTotals;
}

/** `GET attendance/student/{id}` (ours) -> `{ data: [ { date, status, description } ], summary }`. */
export async function getAttendanceHistory(
  studentId: number,
  signal?: AbortSignal,
): Promise<AttendanceHistory> {
  const body = await apiClient.get(`attendance/student/${studentId}`, {
    signal,
    schema: AttendanceHistoryAnswerSchema,
  });
  return { days: body.data, totals: body.summary };
}

export const attendanceHistoryQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: schoolKeys.attendanceHistory(studentId),
    queryFn: ({ signal }) => getAttendanceHistory(studentId, signal),
  });

export const useAttendanceHistory = (studentId: number | undefined) =>
  useQuery({ ...attendanceHistoryQueryOptions(studentId ?? 0), enabled: studentId !== undefined });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { AttendanceOverviewAnswerSchema, type ClassDayAttendance } from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export type { ClassDayAttendance };

/** `GET attendance/overview?date=` (ours) -> `{ date, data: [ ... ] }`. */
export async function getAttendanceOverview(
  date: string,
  signal?: AbortSignal,
): Promise<ClassDayAttendance[]> {
  const query = new URLSearchParams({ date });
  const body = await apiClient.get(`attendance/overview?${query}`, {
    signal,
    schema: AttendanceOverviewAnswerSchema,
  });
  return body.data;
}

export const attendanceOverviewQueryOptions = (date: string) =>
  queryOptions({
    queryKey: schoolKeys.attendanceOverview(date),
    queryFn: ({ signal }) => getAttendanceOverview(date, signal),
  });

export const useAttendanceOverview = (date: string) =>
  useQuery({ ...attendanceOverviewQueryOptions(date), enabled: date !== '' });

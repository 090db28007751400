import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClassAttendanceAnswerSchema } from '../../../../shared/api/school.js';
import type { AttendanceCode } from '../../../../shared/constants.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** A pupil of the class and what was saved for them on the date (null: nothing yet). */
export interface ClassAttendanceRow {
  studentId: number;
  studentName: string;
  status: AttendanceCode | null;
  description: string;
}

/** `GET studentattendace/{classId}?date=YYYY-MM-DD` -> `{ data: [ { id, name, att_status, discription } ] }`. */
export async function getClassAttendance(
  classId: number,
  date: string,
  signal?: AbortSignal,
): Promise<ClassAttendanceRow[]> {
  const query = new URLSearchParams({ date });
  const body = await apiClient.get(`studentattendace/${classId}?${query}`, {
    signal,
    schema: ClassAttendanceAnswerSchema,
  });
  return body.data.map((row) => ({
    studentId: row.id,
    studentName: row.name,
    status: row.att_status,
    description: row.discription,
  }));
}

export const classAttendanceQueryOptions = (classId: number, date: string) =>
  queryOptions({
    queryKey: schoolKeys.classAttendance(classId, date),
    queryFn: ({ signal }) => getClassAttendance(classId, date, signal),
  });

/** Loads once a class and a date are chosen. */
export const useClassAttendance = (classId: number | undefined, date: string) =>
  useQuery({
    ...classAttendanceQueryOptions(classId ?? 0, date),
    enabled: classId !== undefined && date !== '',
    // What was saved must be what is shown: always ask again when the screen opens.
    staleTime: 0,
  });

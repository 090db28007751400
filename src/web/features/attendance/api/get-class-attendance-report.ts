import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ClassAttendanceReportAnswer,
  ClassAttendanceReportAnswerSchema,
  type PupilAttendanceTotals,
} from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export type { PupilAttendanceTotals };

/** The answer with its rows named for what they are; `days`: school days in the range with any attendance saved. */
export type ClassAttendanceReport = Omit<ClassAttendanceReportAnswer, 'data'> & {
  pupils: PupilAttendanceTotals[];
};

/** `GET attendance/class/{classId}?from=&to=` (ours). */
export async function getClassAttendanceReport(
  classId: number,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<ClassAttendanceReport> {
  const query = new URLSearchParams({ from, to });
  const body = await apiClient.get(`attendance/class/${classId}?${query}`, {
    signal,
    schema: ClassAttendanceReportAnswerSchema,
  });
  return { from: body.from, to: body.to, days: body.days, pupils: body.data };
}

export const classAttendanceReportQueryOptions = (classId: number, from: string, to: string) =>
  queryOptions({
    queryKey: schoolKeys.classAttendanceReport(classId, from, to),
    queryFn: ({ signal }) => getClassAttendanceReport(classId, from, to, signal),
  });

export const useClassAttendanceReport = (classId: number, from: string, to: string) =>
  useQuery({
    ...classAttendanceReportQueryOptions(classId, from, to),
    enabled: from !== '' && to !== '' && from <= to,
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClassScheduleAnswerSchema, ScheduleAnswerSchema } from '../../../../shared/api/school.js';
import type { SchoolDay } from '../../../../shared/constants.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export interface ScheduleClass {
  id: number;
  name: string;
}

/** `GET schedule` -> `{ data: [ { id, classes } ] }`: the classes whose timetable the caller may see. */
export async function getScheduleClasses(signal?: AbortSignal): Promise<ScheduleClass[]> {
  const body = await apiClient.get('schedule', { signal, schema: ScheduleAnswerSchema });
  return body.data.map((row) => ({ id: row.id, name: row.classes }));
}

export const scheduleClassesQueryOptions = () =>
  queryOptions({
    queryKey: schoolKeys.scheduleClasses(),
    queryFn: ({ signal }) => getScheduleClasses(signal),
  });

export const useScheduleClasses = () => useQuery(scheduleClassesQueryOptions());

/** One lesson of a class's week. */
export interface Lesson {
  day: SchoolDay;
  time: string;
  subjectName: string;
  teacherName: string;
}

/** `GET schedule/{classId}` (ours) -> `{ data: [ { day, time, subject_name, Teacher } ] }`. */
export async function getClassSchedule(classId: number, signal?: AbortSignal): Promise<Lesson[]> {
  const body = await apiClient.get(`schedule/${classId}`, { signal, schema: ClassScheduleAnswerSchema });
  return body.data.map((row) => ({
    day: row.day,
    time: row.time,
    subjectName: row.subject_name,
    teacherName: row.Teacher,
  }));
}

export const classScheduleQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: schoolKeys.classSchedule(classId),
    queryFn: ({ signal }) => getClassSchedule(classId, signal),
  });

export const useClassSchedule = (classId: number) => useQuery(classScheduleQueryOptions(classId));

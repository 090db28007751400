import { ClassScheduleAnswerSchema, ScheduleAnswerSchema } from '../../../../shared/api/school.js';
import type { SchoolDay } from '../../../../shared/constants.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead, schoolReadOf } from '../../../lib/school/school-read.js';

export interface ScheduleClass {
  id: number;
  name: string;
}

/** `GET schedule` -> `{ data: [ { id, classes } ] }`: the classes whose timetable the caller may see. */
export const [getScheduleClasses, scheduleClassesQueryOptions, useScheduleClasses] = schoolRead(
  schoolKeys.scheduleClasses,
  'schedule',
  ScheduleAnswerSchema,
  (body): ScheduleClass[] => body.data.map((row) => ({ id: row.id, name: row.classes })),
);

/** One lesson of a class's week. */
export interface Lesson {
  day: SchoolDay;
  time: string;
  subjectName: string;
  teacherName: string;
}

/** `GET schedule/{classId}` (ours) -> `{ data: [ { day, time, subject_name, Teacher } ] }`. */
export const [getClassSchedule, classScheduleQueryOptions, useClassSchedule] = schoolReadOf(
  schoolKeys.classSchedule,
  (classId) => `schedule/${classId}`,
  ClassScheduleAnswerSchema,
  (body): Lesson[] =>
    body.data.map((row) => ({
      day: row.day,
      time: row.time,
      subjectName: row.subject_name,
      teacherName: row.Teacher,
    })),
);

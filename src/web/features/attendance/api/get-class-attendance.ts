import { ClassAttendanceAnswerSchema } from '../../../../shared/api/school.js';
import type { AttendanceCode } from '../../../../shared/constants.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { classDayRead } from '../../../lib/school/school-read.js';

/** A pupil of the class and what was saved for them on the date (null: nothing yet). */
export interface ClassAttendanceRow {
  studentId: number;
  studentName: string;
  status: AttendanceCode | null;
  description: string;
}

/** `GET studentattendace/{classId}?date=YYYY-MM-DD` -> `{ data: [ { id, name, att_status, discription } ] }`. */
export const [getClassAttendance, classAttendanceQueryOptions, useClassAttendance] = classDayRead(
  schoolKeys.classAttendance,
  (classId, date) => `studentattendace/${classId}?${new URLSearchParams({ date })}`,
  ClassAttendanceAnswerSchema,
  (body): ClassAttendanceRow[] =>
    body.data.map((row) => ({
      studentId: row.id,
      studentName: row.name,
      status: row.att_status,
      description: row.discription,
    })),
);

import { ClassDayAnswerSchema } from '../../../../shared/api/attendance.js';
import type { AttendanceCode } from '../../../../shared/constants.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { classDayRead } from '../../../lib/school/school-read.js';

/** A pupil of the class and what was saved for them on the date (null: nothing yet). */
export interface ClassAttendanceRow {
  studentId: number;
  studentName: string;
  status: AttendanceCode | null;
  description: string;
  /** When the pupil was first checked in on Today that day (ISO instant), or null. */
  checkedInAt: string | null;
}

/** A class's day: its rows, the closure that closes it (no register is taken), the day's term. */
export interface ClassDay {
  rows: ClassAttendanceRow[];
  /** The title of the calendar's closure of the class that day, or null when it is open. */
  closedFor: string | null;
  /** The school term's name, null between terms. */
  term: string | null;
}

/**
 * `GET studentattendace/{classId}?date=YYYY-MM-DD` -> `{ data: [ { id, name, att_status, discription,
 * checkedInAt } ], closed, term }`.
 */
export const [getClassAttendance, classAttendanceQueryOptions, useClassAttendance] = classDayRead(
  schoolKeys.classAttendance,
  (classId, date) => `studentattendace/${classId}?${new URLSearchParams({ date })}`,
  ClassDayAnswerSchema,
  (body): ClassDay => ({
    rows: body.data.map((row) => ({
      studentId: row.id,
      studentName: row.name,
      status: row.att_status,
      description: row.discription,
      checkedInAt: row.checkedInAt,
    })),
    closedFor: body.closed?.reason ?? null,
    term: body.term?.name ?? null,
  }),
);

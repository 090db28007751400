import { z } from 'zod';
import { SCHOOL_DAYS } from '../constants.js';
import { chosenIdSchema as chosenId, IdParamsSchema, MAX_ID, pathIdSchema } from './ids.js';

/**
 * The school-management calls of docs/contract/api.md, one schema per answer row and per body. Field names
 * are the contract's (`sub_name`, `StudentId`, `ClassName`, `att_status`, `discription`...): the server maps
 * its correctly named rows to these in its routes, the client maps them back in its fetchers.
 */

export const IdParamSchema = IdParamsSchema;
/** `?termId=`: only the marks of that term's exams (docs/decisions/0087-released-marks.md). */
export const TermQuerySchema = z.object({ termId: pathIdSchema('termId must be a term id').optional() });
export const ClassIdParamSchema = z.object({ classId: pathIdSchema() });
export const TeacherIdParamSchema = z.object({ teacherid: pathIdSchema() });

export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a real date');

const dataOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });

// GET classes -> { result: [...] }
export const ClassRowSchema = z.object({ id: z.number().int(), classes: z.string() });
export const ClassesAnswerSchema = z.object({ result: z.array(ClassRowSchema) });

// GET subject, GET time
export const SubjectRowSchema = z.object({ id: z.number().int(), sub_name: z.string() });
export const SubjectsAnswerSchema = dataOf(SubjectRowSchema);
export const TimeSlotRowSchema = z.object({ id: z.number().int(), time: z.string() });
export const TimeSlotsAnswerSchema = dataOf(TimeSlotRowSchema);

// GET / POST studentclass
export const StudentClassRowSchema = z.object({
  id: z.number().int(),
  Teacher: z.string(),
  class_name: z.string(),
  subject_name: z.string(),
  time: z.string(),
});
export const StudentClassAnswerSchema = dataOf(StudentClassRowSchema);
export const CreateStudentClassBodySchema = z.object({
  teacherid: chosenId('Choose a teacher'),
  classesid: chosenId('Choose a class'),
  subjectid: chosenId('Choose a subject'),
  timeid: chosenId('Choose a time'),
  /** Ours: the days the lesson runs; Monday to Saturday when left out. */
  days: z
    .array(z.enum(SCHOOL_DAYS))
    .min(1, 'Choose at least one day')
    .max(6)
    .refine((days) => new Set(days).size === days.length, 'A day is listed twice')
    .optional(),
});
export type CreateStudentClassBody = z.infer<typeof CreateStudentClassBodySchema>;
export const CreateStudentClassAnswerSchema = z.object({ data: StudentClassRowSchema });

// GET student/exam, GET exam/{teacherid}
export const StudentExamRowSchema = z.object({
  ClassName: z.string(),
  SubjectName: z.string(),
  ExamTime: z.string(),
});
export const StudentExamAnswerSchema = dataOf(StudentExamRowSchema);
export const TeacherExamRowSchema = z.object({
  classes: z.string(),
  subjectname: z.string(),
  time: z.string(),
});
export const TeacherExamAnswerSchema = dataOf(TeacherExamRowSchema);

// GET result, GET result/assign_result/{id}: one row per exam mark (docs/decisions/0087-released-marks.md)
export const ResultRowSchema = z.object({
  classes: z.string(),
  name: z.string(),
  subjectName: z.string(),
  marks: z.number(),
  examId: z.number().int(),
  examDate: z.string(),
  termId: z.number().int().nullable(),
  /** Always true in what pupils and guardians get; staff also see unreleased marks. */
  released: z.boolean(),
  /** The mark changed after its exam was released. */
  changedAfterRelease: z.boolean(),
});
export const ResultAnswerSchema = dataOf(ResultRowSchema);

// GET student/result/{id}
export const StudentResultRowSchema = z.object({
  studentName: z.string(),
  subjectName: z.string(),
  /** The rounded mean of the subject's exam marks. */
  marks: z.number(),
  results: z.enum(['PASS', 'FAIL']),
  /** One of the subject's marks changed after its exam was released. */
  changedAfterRelease: z.boolean(),
});
export const StudentResultAnswerSchema = dataOf(StudentResultRowSchema);

// GET teacher/result
export const TeacherResultRowSchema = z.object({
  className: z.string(),
  studentName: z.string(),
  result: z.string(),
  studentId: z.number().int(),
});
export const TeacherResultAnswerSchema = dataOf(TeacherResultRowSchema);
/** One pupil's overall result (a row of Final-results). */
export type TeacherResultRow = z.output<typeof TeacherResultRowSchema>;

// GET schedule, GET schedule/{classId} (ours)
export const ScheduleClassRowSchema = z.object({ id: z.number().int(), classes: z.string() });
export const ScheduleAnswerSchema = dataOf(ScheduleClassRowSchema);
export const ScheduleSlotRowSchema = z.object({
  day: z.enum(SCHOOL_DAYS),
  time: z.string(),
  subject_name: z.string(),
  Teacher: z.string(),
});
export const ClassScheduleAnswerSchema = dataOf(ScheduleSlotRowSchema);

// GET teacher/assign_class, GET teacher/assign_class/{classId}
export const AssignedClassRowSchema = z.object({ classId: z.number().int(), class_name: z.string() });
export const AssignedClassAnswerSchema = dataOf(AssignedClassRowSchema);
export const AssignedStudentRowSchema = z.object({
  StudentId: z.number().int(),
  StudentName: z.string(),
  subject_name: z.string(),
  time: z.string(),
});
export const AssignedStudentAnswerSchema = dataOf(AssignedStudentRowSchema);

// GET student_class/{classId}
export const ClassStudentRowSchema = z.object({ studentId: z.number().int(), studentName: z.string() });
export const ClassStudentAnswerSchema = dataOf(ClassStudentRowSchema);
export type ClassStudentRow = z.output<typeof ClassStudentRowSchema>;

// GET studentattendace/{classId}?date=, POST studentattenance
export const AttendanceCodeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'Status must be 1 (Present), 2 (Absent) or 3 (On Leave)',
});
export const AttendanceQuerySchema = z.object({ date: IsoDateSchema.optional() });
export const ClassAttendanceRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  att_status: AttendanceCodeSchema.nullable(),
  discription: z.string(),
});
export const ClassAttendanceAnswerSchema = dataOf(ClassAttendanceRowSchema);
export const SaveAttendanceRowSchema = z.object({
  att_date: IsoDateSchema,
  userid: z.number({ error: 'userid must be a pupil id' }).int().positive().max(MAX_ID),
  att_status: AttendanceCodeSchema,
  discription: z.string().trim().max(500, 'A description is at most 500 characters').default(''),
});
export const SaveAttendanceBodySchema = z
  .array(SaveAttendanceRowSchema)
  .min(1, 'Send at least one pupil')
  .max(500, 'At most 500 rows at once');
export type SaveAttendanceBody = z.input<typeof SaveAttendanceBodySchema>;
export const SavedCountAnswerSchema = z.object({ data: z.object({ saved: z.number().int() }) });

// GET notification
export const NotificationRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  classes: z.string(),
  notification: z.string(),
});

// GET attendance/student/{id} (ours)
export const AttendanceHistoryAnswerSchema = z.object({
  data: z.array(
    z.object({
      date: z.string(),
      status: AttendanceCodeSchema,
      description: z.string(),
      /** The calendar closed the pupil's class that day: counted in no total (decision 0088). */
      closed: z.boolean(),
      /** The name of the school term the day falls in; null between terms. */
      term: z.string().nullable(),
    }),
  ),
  summary: z.object({
    present: z.number().int(),
    absent: z.number().int(),
    leave: z.number().int(),
    percentPresent: z.number(),
  }),
});
export type AttendanceHistoryAnswer = z.output<typeof AttendanceHistoryAnswerSchema>;
/** One school day of a pupil's attendance. */
export type AttendanceDay = AttendanceHistoryAnswer['data'][number];
/** A pupil's attendance counted over the days saved. */
export type AttendanceTotals = AttendanceHistoryAnswer['summary'];

// GET result-summary/{id} (ours)
export const ResultSummaryAnswerSchema = z.object({
  data: z.object({
    studentName: z.string(),
    rows: z.array(
      z.object({
        subjectName: z.string(),
        marks: z.number(),
        results: z.enum(['PASS', 'FAIL']),
        changedAfterRelease: z.boolean(),
      }),
    ),
    total: z.number(),
    percentage: z.number(),
    division: z.enum(['First Division', 'Second Division', 'Third Division', 'Fail']),
  }),
});
/** A pupil's mark sheet, as the server computed it with the shared `markSheet` rule. */
export type ResultSummary = z.output<typeof ResultSummaryAnswerSchema>['data'];

// GET attendance/overview?date= (ours): the principal's Attendence screen, one row per class.
export const AttendanceOverviewAnswerSchema = z.object({
  date: z.string(),
  data: z.array(
    z.object({
      classId: z.number().int(),
      className: z.string(),
      pupils: z.number().int(),
      present: z.number().int(),
      absent: z.number().int(),
      leave: z.number().int(),
      unmarked: z.number().int(),
    }),
  ),
});
/** One class's attendance on a day (the principal's Attendence screen). */
export type ClassDayAttendance = z.output<typeof AttendanceOverviewAnswerSchema>['data'][number];

// GET attendance/class/{classId}?from=&to= (ours): the class's Attendance Report over a date range.
/** The longest range one attendance report covers, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
export const AttendanceRangeQuerySchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .refine((q) => q.from <= q.to, { message: '`from` must not be after `to`', path: ['from'] })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) <= MAX_REPORT_DAYS, {
    message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    path: ['to'],
  });
export const ClassAttendanceReportAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  data: z.array(
    z.object({
      studentId: z.number().int(),
      studentName: z.string(),
      present: z.number().int(),
      absent: z.number().int(),
      leave: z.number().int(),
      percentPresent: z.number(),
    }),
  ),
});
export type ClassAttendanceReportAnswer = z.output<typeof ClassAttendanceReportAnswerSchema>;
/** One pupil's counts in a class's attendance report. */
export type PupilAttendanceTotals = ClassAttendanceReportAnswer['data'][number];

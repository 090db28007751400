import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../constants.js';
import { chosenIdSchema, ID_MESSAGE, MAX_ID, pathIdSchema } from './ids.js';
import { IsoDateSchema, NotificationRowSchema } from './school.js';

/**
 * The school-management writes of docs/decisions/0009-running-the-school-year.md (ours, camelCase): marks
 * entry, sending and reading notifications, and the principal's set-up of classes, subjects, time slots,
 * enrolments and exams. Browser-safe: the same schemas validate the forms and the server's bodies.
 */

const id = chosenIdSchema;

/** `true`/`false` in a query string (`z.coerce.boolean` would read "false" as true). */
const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

// ---------------------------------------------------------------- marks

// An exam of a class and subject, as marks entry shows it (docs/decisions/0087-released-marks.md).
export const LessonExamSchema = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  subjectId: z.number().int(),
  examDate: z.string(),
  time: z.string(),
  termId: z.number().int().nullable(),
  termName: z.string().nullable(),
  released: z.boolean(),
  releasedAt: z.string().nullable(),
});
export type LessonExam = z.output<typeof LessonExamSchema>;

// GET marks?classId=&subjectId=&examId= (without examId: the lesson's latest exam up to today)
export const MarksQuerySchema = z.object({
  classId: pathIdSchema('Choose a class'),
  subjectId: pathIdSchema('Choose a subject'),
  examId: pathIdSchema('Choose an exam').optional(),
});
export type MarksQuery = z.infer<typeof MarksQuerySchema>;
export const MarkEntryRowSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  marks: z.number().int().nullable(),
  changedAfterRelease: z.boolean(),
});
export const MarkEntryAnswerSchema = z.object({
  data: z.array(MarkEntryRowSchema),
  /** The exam the marks are of; null when the lesson has no exam up to today (and none was named). */
  exam: LessonExamSchema.nullable(),
});
/** One pupil of the class with the saved mark in the subject (null where none is saved). */
export type MarkEntryRow = z.output<typeof MarkEntryRowSchema>;

// PUT marks
export const MarksSchema = z
  .number({ error: 'Marks must be a whole number from 0 to 100' })
  .int('Marks must be a whole number from 0 to 100')
  .min(0, 'Marks must be a whole number from 0 to 100')
  .max(100, 'Marks must be a whole number from 0 to 100');
export const SaveMarkRowSchema = z.object({
  studentId: z.number({ error: 'studentId must be a pupil id' }).int().positive().max(MAX_ID),
  subjectId: z.number({ error: 'subjectId must be a subject id' }).int().positive().max(MAX_ID),
  marks: MarksSchema,
});
export const SaveMarksBodySchema = z
  .array(SaveMarkRowSchema)
  .min(1, 'Send at least one mark')
  .max(1000, 'At most 1000 marks at once');
export type SaveMarksBody = z.infer<typeof SaveMarksBodySchema>;
// PUT marks?examId= : the marks are of that exam (without it, each row's lesson's latest exam up to today).
export const SaveMarksQuerySchema = z.object({ examId: pathIdSchema('Choose an exam').optional() });

// GET marks/exams?classId=&subjectId=&termId=
export const LessonExamsQuerySchema = z.object({
  classId: pathIdSchema('Choose a class'),
  subjectId: pathIdSchema('Choose a subject'),
  termId: pathIdSchema('termId must be a term id').optional(),
});
export const LessonExamsAnswerSchema = z.object({ data: z.array(LessonExamSchema) });

// POST exams/{id}/release
export const ReleasedExamAnswerSchema = z.object({ data: LessonExamSchema });
/** `saved`: the rows sent and checked; `changed`: those whose marks differ from what was stored. */
export const SavedMarksAnswerSchema = z.object({
  data: z.object({ saved: z.number().int(), changed: z.number().int() }),
});

// GET marks/subjects?classId= : the subjects the caller may mark in that class.
export const MarkSubjectsQuerySchema = z.object({ classId: pathIdSchema('Choose a class') });
export const MarkSubjectRowSchema = z.object({ id: z.number().int(), name: z.string() });
export const MarkSubjectsAnswerSchema = z.object({ data: z.array(MarkSubjectRowSchema) });
export type MarkSubjectRow = z.output<typeof MarkSubjectRowSchema>;

// GET marks/history/{studentId}
export const StudentIdParamSchema = z.object({ studentId: pathIdSchema(ID_MESSAGE) });
export const MarkChangeRowSchema = z.object({
  id: z.number().int(),
  subjectName: z.string(),
  oldMarks: z.number().int().nullable(),
  newMarks: z.number().int(),
  /** The exam's date; null for a change from before marks belonged to exams. */
  examDate: z.string().nullable(),
  /** Made after the exam's marks were released. */
  afterRelease: z.boolean(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export const MarkHistoryAnswerSchema = z.object({ data: z.array(MarkChangeRowSchema) });
export type MarkChangeRow = z.output<typeof MarkChangeRowSchema>;

// ---------------------------------------------------------------- notifications

export const MAX_NOTIFICATION_LENGTH = 2000;
// POST notification: the text plus exactly one audience.
export const SendNotificationBodySchema = z
  .object({
    notification: z
      .string({ error: 'Write the notification' })
      .trim()
      .min(1, 'Write the notification')
      .max(MAX_NOTIFICATION_LENGTH, `A notification is at most ${MAX_NOTIFICATION_LENGTH} characters`),
    classId: id('Choose a class').optional(),
    studentId: id('Choose a pupil').optional(),
    everyone: z.literal(true, { error: '`everyone` may only be true' }).optional(),
    /**
     * Also email the guardians of every pupil the notification reaches, one mail per guardian
     * (docs/decisions/0024-family-mails.md). Left out: false.
     */
    emailFamilies: z.boolean({ error: '`emailFamilies` must be true or false' }).optional(),
  })
  .refine(
    (body) =>
      [body.classId !== undefined, body.studentId !== undefined, body.everyone === true].filter(Boolean)
        .length === 1,
    {
      message: 'Send to exactly one of: a class (classId), a pupil (studentId) or everyone',
      path: ['classId'],
    },
  );
export type SendNotificationBody = z.infer<typeof SendNotificationBodySchema>;
export const CreatedIdAnswerSchema = z.object({ data: z.object({ id: z.number().int() }) });
/** POST notification's answer: the id, and how many guardians were emailed (0 without emailFamilies). */
export const SentNotificationAnswerSchema = z.object({
  data: z.object({ id: z.number().int(), emailed: z.number().int() }),
});
export type SentNotification = z.infer<typeof SentNotificationAnswerSchema>['data'];

// GET notification (ours: three more fields per row; the original fields stay)
export const NotificationListRowSchema = NotificationRowSchema.extend({
  /** Who sent it: the sender's name, or "School office" when the sender's account is gone. */
  from: z.string(),
  createdAt: z.string(),
  /** Not yet marked read by the caller (a notification the caller sent is never unread). */
  unread: z.boolean(),
});
/** `GET notification?yearId=`: one school year's notices; without it, the current year's (docs/decisions/0095-past-sight.md). */
export const NotificationListQuerySchema = z.object({
  yearId: pathIdSchema('yearId must be a school year id').optional(),
});
/** A school year as the notices' year picker names it. */
export const NoticeYearSchema = z.object({ id: z.number().int(), name: z.string(), current: z.boolean() });
export type NoticeYear = z.infer<typeof NoticeYearSchema>;
export const NotificationListAnswerSchema = z.object({
  data: z.array(NotificationListRowSchema),
  /** The year shown; null while the school keeps no year (then every notice is shown). */
  year: NoticeYearSchema.nullable().default(null),
  /**
   * The current year and every year the caller has notices in, the latest first: the year picker.
   * The defaults read an answer of a server from before years (a list and nothing else).
   */
  years: z.array(NoticeYearSchema).default([]),
});

// ---------------------------------------------------------------- school set-up (principal)

const name = /* @__NO_SIDE_EFFECTS__ */ (what: string) =>
  z
    .string({ error: `Enter the ${what}'s name` })
    .trim()
    .min(1, `Enter the ${what}'s name`)
    .max(100, `A ${what}'s name is at most 100 characters`);

export const ClassBodySchema = z.object({ name: name('class') });
export const SubjectBodySchema = z.object({ name: name('subject') });
export const TimeSlotBodySchema = z.object({
  label: z
    .string({ error: 'Enter the time, e.g. 09:00 - 09:45' })
    .trim()
    .min(1, 'Enter the time, e.g. 09:00 - 09:45')
    .max(50, 'A time is at most 50 characters'),
  /** Place in the school day; after the last slot when left out. */
  position: z.number().int().min(0).max(1000).optional(),
});
export type ClassBody = z.infer<typeof ClassBodySchema>;
export type SubjectBody = z.infer<typeof SubjectBodySchema>;
export type TimeSlotBody = z.infer<typeof TimeSlotBodySchema>;

export const NamedRowSchema = z.object({ id: z.number().int(), name: z.string() });
export const NamedAnswerSchema = z.object({ data: NamedRowSchema });
export const TimeSlotAdminRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  position: z.number().int(),
});
export const TimeSlotAdminAnswerSchema = z.object({ data: TimeSlotAdminRowSchema });

// POST enrolments
export const EnrolBodySchema = z.object({ studentId: id('Choose a pupil'), classId: id('Choose a class') });
export type EnrolBody = z.infer<typeof EnrolBodySchema>;
export const EnrolmentAnswerSchema = z.object({
  data: z.object({ studentId: z.number().int(), classId: z.number().int(), startedOn: z.string() }),
});

// POST exams
export const CreateExamBodySchema = z.object({
  classId: id('Choose a class'),
  subjectId: id('Choose a subject'),
  /** Not before today (checked by the server against its date). */
  date: IsoDateSchema,
  time: z
    .string({ error: 'Enter the time, e.g. 09:00 - 11:00' })
    .trim()
    .min(1, 'Enter the time, e.g. 09:00 - 11:00')
    .max(50, 'A time is at most 50 characters'),
});
export type CreateExamBody = z.infer<typeof CreateExamBodySchema>;
export const ExamAnswerSchema = z.object({
  data: z.object({
    id: z.number().int(),
    classId: z.number().int(),
    subjectId: z.number().int(),
    date: z.string(),
    time: z.string(),
    /** The term holding the date. */
    termId: z.number().int(),
  }),
});

// GET admin/pupils?status=&classId=&unenrolled=
export const PupilsQuerySchema = z.object({
  status: z.enum(ACCOUNT_STATUSES).optional(),
  classId: pathIdSchema('Choose a class').optional(),
  /** true: only pupils in no class now. */
  unenrolled: queryFlag.optional(),
});
export type PupilsQuery = z.input<typeof PupilsQuerySchema>;
export const PupilRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
});
export const PupilsAnswerSchema = z.object({ data: z.array(PupilRowSchema) });
export type PupilRow = z.output<typeof PupilRowSchema>;

// ---------------------------------------------------------------- pupil import (CSV)

/** The columns of a pupil import, in the order of the template (a header row names them). */
export const PUPIL_IMPORT_COLUMNS = [
  'name',
  'email',
  'class',
  'gender',
  'dob',
  'contact',
  'address',
] as const;
export type PupilImportColumn = (typeof PUPIL_IMPORT_COLUMNS)[number];
/**
 * Optional columns after them: the pupil's guardian (docs/decisions/0021-families.md). A row with a
 * guardian_email links the pupil to the Parent account of that email, made when there is none.
 */
export const PUPIL_IMPORT_GUARDIAN_COLUMNS = [
  'guardian_name',
  'guardian_email',
  'guardian_contact',
  'guardian_relationship',
] as const;
export type PupilImportGuardianColumn = (typeof PUPIL_IMPORT_GUARDIAN_COLUMNS)[number];
export const PUPIL_IMPORT_LIMITS = { maxRows: 1000, maxBytes: 1024 * 1024, field: 'file' } as const;

// POST admin/import/pupils?commit=false|true, multipart `file`
export const PupilImportQuerySchema = z.object({
  commit: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export const PupilImportRowSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  className: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  /** After a commit: the new account and its initial password (shown once, never again). */
  id: z.number().int().optional(),
  password: z.string().optional(),
  /** The guardian's email, when the row names one. */
  guardianEmail: z.string().optional(),
  /** After a commit: the guardian's account; for one this import made, its initial password (once). */
  guardianId: z.number().int().optional(),
  guardianPassword: z.string().optional(),
});
export type PupilImportRow = z.infer<typeof PupilImportRowSchema>;
export const PupilImportAnswerSchema = z.object({
  data: z.object({
    committed: z.boolean(),
    total: z.number().int(),
    invalid: z.number().int(),
    rows: z.array(PupilImportRowSchema),
  }),
});
export type PupilImportAnswer = z.infer<typeof PupilImportAnswerSchema>;

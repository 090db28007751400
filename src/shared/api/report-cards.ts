import { z } from 'zod';
import { chosenIdSchema, pathIdSchema } from './ids.js';
import { optionalText } from './text-fields.js';

/**
 * Report cards (docs/decisions/0090-report-cards.md): per pupil per term, their marks by subject with
 * the mark sheet's rule (shared/rules/mark-sheet.ts), attendance in the term, a comment per subject,
 * the class teacher's comment and the principal's remark. Staff read a class's draft cards; teachers
 * write comments, the principal remarks and publishes; a published card is kept as it was shown, by
 * version. These calls are ours, so their names are correctly spelt.
 */

export const REPORT_CARD_LIMITS = {
  comment: 1000,
  note: 2000,
  /** A class's cards at once: every subject comment of every pupil. */
  rows: 5000,
} as const;

export const REPORT_CARD_MESSAGES = {
  chooseStudent: 'Choose a pupil',
  chooseSubject: 'Choose a subject',
  nothingToSave: 'Send at least one comment or remark',
  tooManyRows: `Send at most ${REPORT_CARD_LIMITS.rows} comments at once`,
} as const;

export const ReportCardClassParamsSchema = z.object({
  classId: pathIdSchema(),
  termId: pathIdSchema(),
});
export type ReportCardClassParams = z.infer<typeof ReportCardClassParamsSchema>;

export const ReportCardPupilParamsSchema = z.object({
  studentId: pathIdSchema(),
  termId: pathIdSchema(),
});

/** `?version=`: an earlier published version; the latest when left out. */
export const ReportCardVersionQuerySchema = z.object({ version: pathIdSchema().optional() });

const studentId = chosenIdSchema(REPORT_CARD_MESSAGES.chooseStudent);
const subjectId = chosenIdSchema(REPORT_CARD_MESSAGES.chooseSubject);
const comment = optionalText('A comment', REPORT_CARD_LIMITS.comment);
const note = optionalText('A comment', REPORT_CARD_LIMITS.note);

/**
 * `PUT report-cards/classes/{classId}/terms/{termId}/comments`: a teacher's (or the principal's)
 * comments for a class at once, all or nothing. An empty comment clears one.
 */
export const SaveReportCardCommentsSchema = z
  .object({
    subjectComments: z
      .array(z.object({ studentId, subjectId, comment }))
      .max(REPORT_CARD_LIMITS.rows, REPORT_CARD_MESSAGES.tooManyRows)
      .default([]),
    classTeacherComments: z
      .array(z.object({ studentId, comment: note }))
      .max(REPORT_CARD_LIMITS.rows, REPORT_CARD_MESSAGES.tooManyRows)
      .default([]),
  })
  .refine((body) => body.subjectComments.length + body.classTeacherComments.length > 0, {
    message: REPORT_CARD_MESSAGES.nothingToSave,
  });
export type SaveReportCardComments = z.infer<typeof SaveReportCardCommentsSchema>;

/** `PUT report-cards/classes/{classId}/terms/{termId}/remarks`: the principal's remarks, all or nothing. */
export const SaveReportCardRemarksSchema = z.object({
  remarks: z
    .array(z.object({ studentId, remark: note }))
    .min(1, REPORT_CARD_MESSAGES.nothingToSave)
    .max(REPORT_CARD_LIMITS.rows, REPORT_CARD_MESSAGES.tooManyRows),
});
export type SaveReportCardRemarks = z.infer<typeof SaveReportCardRemarksSchema>;

export const SavedReportCardsAnswerSchema = z.object({ data: z.object({ saved: z.number().int() }) });

const WrittenSchema = z.object({
  text: z.string(),
  /** Who wrote it; null when nothing is written or the writer's account is gone. */
  by: z.string().nullable(),
});

export const ReportCardSubjectSchema = z.object({
  subjectId: z.number().int(),
  subjectName: z.string(),
  /** Null for a subject without a mark yet. */
  marks: z.number().int().nullable(),
  result: z.enum(['PASS', 'FAIL']).nullable(),
  comment: WrittenSchema,
});

/** Everything a card shows; a published card keeps this as it was (its snapshot). */
export const ReportCardContentSchema = z.object({
  schoolName: z.string(),
  student: z.object({ id: z.number().int(), name: z.string() }),
  className: z.string(),
  term: z.object({
    id: z.number().int(),
    name: z.string(),
    firstDay: z.string(),
    lastDay: z.string(),
    yearName: z.string(),
  }),
  /** In the order of their names. */
  subjects: z.array(ReportCardSubjectSchema),
  total: z.number().int(),
  percentage: z.number(),
  /** The mark sheet's division (its English value); null before any mark. */
  division: z.enum(['First Division', 'Second Division', 'Third Division', 'Fail']).nullable(),
  passMark: z.number().int(),
  /** School days of the term the register recorded, by status. */
  attendance: z.object({
    present: z.number().int(),
    absent: z.number().int(),
    onLeave: z.number().int(),
  }),
  classTeacherComment: WrittenSchema,
  principalRemark: WrittenSchema,
});
export type ReportCardContent = z.infer<typeof ReportCardContentSchema>;

const PublishedSchema = z.object({ version: z.number().int(), publishedAt: z.string() });

/** `GET report-cards/classes/{classId}/terms/{termId}`: a class's draft cards, for staff. */
export const ClassReportCardsAnswerSchema = z.object({
  data: z.object({
    classId: z.number().int(),
    className: z.string(),
    termId: z.number().int(),
    /** The subjects whose comments the caller may write in this class. */
    commentableSubjectIds: z.array(z.number().int()),
    /** The principal: may write remarks and publish. */
    mayPublish: z.boolean(),
    cards: z.array(
      z.object({
        content: ReportCardContentSchema,
        /** The latest published version; null before the first publishing. */
        published: PublishedSchema.nullable(),
        /** The draft shows something the latest published version does not (or none is published). */
        changed: z.boolean(),
      }),
    ),
  }),
});
export type ClassReportCards = z.infer<typeof ClassReportCardsAnswerSchema>['data'];

/** `POST report-cards/classes/{classId}/terms/{termId}/publish`. */
export const PublishedReportCardsAnswerSchema = z.object({
  data: z.object({
    /** Cards given a new version (a first one, or one after a change). */
    published: z.number().int(),
    /** Cards whose latest version shows the same already. */
    unchanged: z.number().int(),
  }),
});

/** One published card in a list: its latest version. */
export const PublishedReportCardSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  className: z.string(),
  termId: z.number().int(),
  termName: z.string(),
  yearName: z.string(),
  version: z.number().int(),
  publishedAt: z.string(),
});
export type PublishedReportCard = z.infer<typeof PublishedReportCardSchema>;

/** `GET report-cards`: the published cards of the pupil, or of the parent's children; the latest term first. */
export const PublishedReportCardsListSchema = z.object({ data: z.array(PublishedReportCardSchema) });

/** `GET report-cards/pupils/{studentId}/terms/{termId}`: a published card, the latest version or the one asked for. */
export const ReportCardAnswerSchema = z.object({
  data: z.object({
    version: z.number().int(),
    publishedAt: z.string(),
    /** Every published version, the latest first. */
    versions: z.array(PublishedSchema),
    content: ReportCardContentSchema,
  }),
});
export type ReportCard = z.infer<typeof ReportCardAnswerSchema>['data'];

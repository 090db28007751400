import { z } from 'zod';
import { chosenIdSchema, pathIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';

/**
 * The year rollover (docs/decisions/0091-the-year-rollover.md): the principal maps each class to
 * the class its pupils move up to (or marks it as leaving), previews what the move to a new school
 * year would do, then runs it once. Pupils and guardians read the years they were at the school.
 */

export const ROLLOVER_LIMITS = {
  /** How long, at most, an archived account may still sign in (days). */
  archivedAccessDays: 3650,
} as const;

/** Days an archived account can still sign in and read, unless the school sets otherwise. */
export const DEFAULT_ARCHIVED_ACCESS_DAYS = 365;

export const ROLLOVER_MESSAGES = {
  chooseYear: 'Choose the new school year',
  chooseClass: 'Choose a class',
  classTwice: 'Each class can be mapped only once.',
  notItself: 'A class cannot move up into itself.',
  unknownClass: 'That class does not exist.',
  classNotMapped: (name: string) =>
    `The class “${name}” has no next class. Choose where its pupils go, or mark it as leaving.`,
  noCurrentYear: 'There is no current school year to move on from.',
  yearNotNext: (name: string) =>
    `The school year “${name}” must start after the current year ends, and must not be the current year.`,
  alreadyRolledOver: 'The school has already moved from this year, or into that year.',
  accountArchived: 'This account is archived: it can read its past records but cannot change anything.',
  archiveClosed: 'This archived account can no longer sign in.',
  accessDays: `Enter a number of days from 0 to ${ROLLOVER_LIMITS.archivedAccessDays}`,
} as const;

const M = ROLLOVER_MESSAGES;

/** One class and where its pupils go; `mapped` is false until the principal says. */
export const ClassProgressionSchema = z.object({
  classId: z.number().int(),
  className: z.string(),
  /** The class its pupils move up to; null when it leaves or is not mapped. */
  nextClassId: z.number().int().nullable(),
  nextClassName: z.string().nullable(),
  /** Its pupils leave the school at the end of the year (the last class). */
  leaves: z.boolean(),
  mapped: z.boolean(),
  /** Its current pupils. */
  pupils: z.number().int(),
});
export type ClassProgression = z.infer<typeof ClassProgressionSchema>;

export const ClassProgressionsAnswerSchema = z.object({ data: z.array(ClassProgressionSchema) });

/** `PUT admin/rollover/classes`: the whole mapping; a class left out is unmapped. */
export const ClassProgressionInputSchema = z
  .object({
    classes: z
      .array(
        z.object({
          classId: chosenIdSchema(M.chooseClass),
          /** null: the class leaves. */
          nextClassId: chosenIdSchema(M.chooseClass).nullable(),
        }),
      )
      .max(500),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.classes.forEach((row, index) => {
      if (seen.has(row.classId))
        ctx.addIssue({ code: 'custom', path: ['classes', index, 'classId'], message: M.classTwice });
      seen.add(row.classId);
      if (row.nextClassId === row.classId)
        ctx.addIssue({ code: 'custom', path: ['classes', index, 'nextClassId'], message: M.notItself });
    });
  });
export type ClassProgressionInput = z.infer<typeof ClassProgressionInputSchema>;

/** The new year to move into: `POST admin/rollover`, `POST admin/rollover/preview`. */
export const RolloverInputSchema = z.object({ toYearId: chosenIdSchema(M.chooseYear) });
export type RolloverInput = z.infer<typeof RolloverInputSchema>;

/** `GET admin/rollover/preview?toYearId=`. */
export const RolloverQuerySchema = z.object({ toYearId: pathIdSchema(M.chooseYear) });

const YearFactsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstDay: IsoDateSchema,
  lastDay: IsoDateSchema,
});

export const RolloverClassSchema = z.object({
  classId: z.number().int(),
  className: z.string(),
  /** Its current pupils, who move up or leave. */
  pupils: z.number().int(),
  nextClassId: z.number().int().nullable(),
  nextClassName: z.string().nullable(),
  leaves: z.boolean(),
});

/** What a rollover does (the preview) or did (the run): the same counts. */
export const RolloverSummarySchema = z.object({
  fromYear: YearFactsSchema,
  toYear: YearFactsSchema,
  classes: z.array(RolloverClassSchema),
  /** Pupils who start the new year in their next class. */
  movingUp: z.number().int(),
  /** Pupils who leave (their accounts are archived). */
  leaving: z.number().int(),
  /** Accounts to archive: the leavers, and their guardians who keep no child at the school. */
  archivedPupils: z.number().int(),
  archivedGuardians: z.number().int(),
  /** Class assignments and timetable rows, which belong to the classes and carry on into the new year. */
  classAssignments: z.number().int(),
  timetableRows: z.number().int(),
  /** The last year's fee plans copied to the new year's terms (by position), without invoices. */
  feePlansDrafted: z.number().int(),
  /** Fee plans of a term the new year has no counterpart for (the new year has fewer terms). */
  feePlansWithoutTerm: z.number().int(),
});
export type RolloverSummary = z.infer<typeof RolloverSummarySchema>;

export const RolloverPreviewAnswerSchema = z.object({ data: RolloverSummarySchema });

export const RolloverRunSchema = RolloverSummarySchema.extend({
  runId: z.number().int(),
  ranAt: z.string(),
  /** The backup written before the rollover, under DATA_DIR/backups. */
  backupFile: z.string(),
});
export type RolloverRun = z.infer<typeof RolloverRunSchema>;
export const RolloverRunAnswerSchema = z.object({ data: RolloverRunSchema });

/** `GET/PUT admin/rollover/settings`. */
export const RolloverSettingsSchema = z.object({
  /** Days after its archiving that an archived account can still sign in and read. */
  archivedAccessDays: z
    .number({ error: M.accessDays })
    .int(M.accessDays)
    .min(0, M.accessDays)
    .max(ROLLOVER_LIMITS.archivedAccessDays, M.accessDays),
});
export type RolloverSettings = z.infer<typeof RolloverSettingsSchema>;
export const RolloverSettingsAnswerSchema = z.object({ data: RolloverSettingsSchema });

/** One school year of a pupil's: their class then, their attendance and their fees. */
/** A pupil's mark sheet of one term: each subject's term mark, total, percentage and division. */
export const TermMarkSheetSchema = z.object({
  subjects: z.array(z.object({ subjectName: z.string(), marks: z.number().int() })),
  total: z.number().int(),
  percentage: z.number(),
  division: z.enum(['First Division', 'Second Division', 'Third Division', 'Fail']),
});
export type TermMarkSheet = z.infer<typeof TermMarkSheetSchema>;

export const PupilTermSchema = z.object({
  termId: z.number().int(),
  name: z.string(),
  firstDay: IsoDateSchema,
  lastDay: IsoDateSchema,
  marks: TermMarkSheetSchema.nullable(),
});
export type PupilTerm = z.infer<typeof PupilTermSchema>;

export const PupilYearSchema = z.object({
  yearId: z.number().int(),
  name: z.string(),
  firstDay: IsoDateSchema,
  lastDay: IsoDateSchema,
  current: z.boolean(),
  /** The classes the pupil was in during the year (usually one). */
  classes: z.array(z.string()),
  attendance: z.object({
    present: z.number().int(),
    absent: z.number().int(),
    onLeave: z.number().int(),
  }),
  /** Invoices (not cancelled) of fee plans of the year's terms, in minor units. */
  fees: z.object({ invoices: z.number().int(), total: z.number().int() }),
  /**
   * The year's terms in order, each with the pupil's mark sheet of that term as the caller may see
   * it (families: released exams only), null when there is none
   * (docs/decisions/0094-last-years-mark-sheets.md).
   */
  terms: z.array(PupilTermSchema),
});
export type PupilYear = z.infer<typeof PupilYearSchema>;
export const PupilYearsAnswerSchema = z.object({ data: z.array(PupilYearSchema) });

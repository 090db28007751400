import { z } from 'zod';
import {
  MAX_RETENTION_MONTHS,
  RETENTION_KINDS,
  RETENTION_RULES,
  type RetentionKind,
} from '../rules/retention.js';
import { chosenIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';

/**
 * Retention and erasure (docs/decisions/0110-retention-and-erasure.md): the principal sets how long
 * each kind of a leaver's records is kept, sees what the nightly job removed, and carries out an
 * erasure request for a leaver at once.
 */

export const RETENTION_MESSAGES = {
  months: `Enter a number of months from 0 to ${MAX_RETENTION_MONTHS}`,
  belowMinimum: (kind: RetentionKind, minimum: number) =>
    `${RETENTION_RULES[kind].what}: the law asks for at least ${minimum} months.`,
  choosePupil: 'Choose a pupil who has left',
  requestedBy: 'Say who asked for the erasure (1 to 200 characters)',
  stillEnrolled: 'This pupil is still at the school: only a pupil who has left can be erased.',
  notPupil: 'That pupil',
} as const;

const M = RETENTION_MESSAGES;

const monthsSchema = z
  .number({ error: M.months })
  .int(M.months)
  .min(0, M.months)
  .max(MAX_RETENTION_MONTHS, M.months);

export const RetentionKindSchema = z.enum(RETENTION_KINDS);

/** One kind of record with its period. */
export const RetentionPeriodSchema = z.object({
  kind: RetentionKindSchema,
  months: z.number().int(),
  defaultMonths: z.number().int(),
  /** The law's floor (0: none). */
  minimumMonths: z.number().int(),
  what: z.string(),
  reason: z.string(),
});
export type RetentionPeriod = z.infer<typeof RetentionPeriodSchema>;

export const RetentionSettingsSchema = z.object({
  periods: z.array(RetentionPeriodSchema),
  /** Backups older than this many months are deleted. */
  longestMonths: z.number().int(),
});
export const RetentionSettingsAnswerSchema = z.object({ data: RetentionSettingsSchema });

/** `PUT admin/retention`: the months of the kinds to change; a kind left out keeps its period. */
export const RetentionInputSchema = z.object({
  periods: z
    .object(
      Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, monthsSchema.optional()])) as Record<
        RetentionKind,
        z.ZodOptional<typeof monthsSchema>
      >,
    )
    .strict(),
});
export type RetentionInput = z.infer<typeof RetentionInputSchema>;

/** Rows (and stored files) a run removed or anonymised, by kind. */
export const RetentionCountsSchema = z.object(
  Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, z.number().int().optional()])) as Record<
    RetentionKind,
    z.ZodOptional<z.ZodNumber>
  >,
);
export type RetentionCounts = z.infer<typeof RetentionCountsSchema>;

export const RETENTION_RUN_KINDS = ['nightly', 'erasure'] as const;

export const RetentionRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RETENTION_RUN_KINDS),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The children whose records it touched. */
  studentIds: z.array(z.number().int()),
  rows: RetentionCountsSchema,
  files: z.number().int(),
  /** Old backups deleted (nightly runs). */
  backups: z.number().int(),
  /** Erasures: who asked, and who carried it out. */
  requestedBy: z.string().nullable(),
  ranByName: z.string().nullable(),
  message: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof RetentionRunSchema>;

export const RetentionRunsAnswerSchema = z.object({ data: z.array(RetentionRunSchema) });
export const RetentionRunAnswerSchema = z.object({ data: RetentionRunSchema });

/** A pupil who has left: when, and whether erased already. */
export const LeaverSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  leftOn: IsoDateSchema,
  erased: z.boolean(),
});
export type Leaver = z.infer<typeof LeaverSchema>;
export const LeaversAnswerSchema = z.object({ data: z.array(LeaverSchema) });

/** `POST admin/retention/erasures`: erase a leaver's records now. */
export const ErasureInputSchema = z.object({
  studentId: chosenIdSchema(M.choosePupil),
  requestedBy: z.string({ error: M.requestedBy }).trim().min(1, M.requestedBy).max(200, M.requestedBy),
});
export type ErasureInput = z.infer<typeof ErasureInputSchema>;

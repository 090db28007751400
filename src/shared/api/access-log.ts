import { z } from 'zod';
import { USER_TYPES } from '../constants.js';
import { pathIdSchema } from './ids.js';

/**
 * Who looked (docs/decisions/0106-who-looked.md): each reading of a child's care details (with the
 * medical notes) and each download of a document about a child is kept with who, what, when and
 * from where. The principal reads a child's whole log; the child's guardians read what the school's
 * staff opened, without the addresses.
 */

/** What was opened or downloaded; the keys of the `access.kind.*` messages. */
export const ACCESS_KINDS = [
  /** The care details: emergency contacts, medical notes, pick-ups, photo consents. */
  'care-details',
  /** The saved changes of the care details. */
  'care-history',
  /** A pupil's report card as a PDF (alone or among a class's cards). */
  'report-card-pdf',
  /** A receipt of a payment for the pupil. */
  'receipt-pdf',
  /** A fee reminder for the pupil. */
  'fee-reminder-pdf',
  /** A form's answers as CSV, holding the pupil's family's answer. */
  'form-answers-csv',
  /** A photo of a photo moment the child is tagged in, downloaded. */
  'photo-download',
  /** The archive of the child's data, downloaded by its link (docs/decisions/0109-a-familys-data-on-request.md). */
  'data-export',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** The kinds a guardian sees in their child's log: the care details, as the law asks. */
export const KINDS_GUARDIANS_SEE: readonly AccessKind[] = ['care-details', 'care-history'];

/**
 * A second reading of the same thing by the same person within this time is the same look: screens
 * read again when they regain focus, and the log would drown in repeats.
 */
export const SAME_LOOK_MS = 10 * 60 * 1000;

/** How many entries one page of the log holds. */
export const ACCESS_LOG_PAGE = 50;

export const AccessEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACCESS_KINDS),
  /** What exactly, in the words of the day: a term's name, a receipt's number, a form's title. */
  detail: z.string(),
  /** The name of who looked, as it was then. */
  viewerName: z.string(),
  viewerType: z.enum(USER_TYPES),
  /** Whether it was the reader of the log themselves. */
  isYou: z.boolean(),
  at: z.string(),
  /** The address the request came from; the principal's log only (null for the guardians'). */
  address: z.string().nullable(),
});
export type AccessEntry = z.infer<typeof AccessEntrySchema>;

/** `GET pupils/{id}/access-log?before=`: newest first, a page at a time. */
export const AccessLogQuerySchema = z.object({
  /** The id of the last entry of the page before (entries older than it). */
  before: pathIdSchema('before: the id of an entry of the log').optional(),
});

export const AccessLogAnswerSchema = z.object({
  data: z.object({
    studentId: z.number().int(),
    studentName: z.string(),
    /** Whether the log is the whole one (the principal) or the staff's looks at the care details (a guardian). */
    scope: z.enum(['all', 'staff-care']),
    entries: z.array(AccessEntrySchema),
    /** The `before` of the next page; null at the oldest. */
    next: z.number().int().nullable(),
  }),
});
export type AccessLog = z.infer<typeof AccessLogAnswerSchema>['data'];

import { z } from 'zod';
import { chosenIdSchema } from './ids.js';
import { PhotoMomentSchema } from './photo-moments.js';
import { IsoDateSchema } from './school.js';
import { optionalText, requiredText } from './text-fields.js';

/**
 * The daily log (docs/decisions/0078-the-daily-log.md): what staff record of a child's day (meals,
 * naps, nappies, mood, activities, notes, medication given, incidents), one entry for several
 * children at once, and the child's day as a timeline for the family. Server, web forms and tests
 * validate with these schemas.
 */

export const LOG_LIMITS = {
  /** Children one entry may be logged for at once (a class). */
  children: 40,
  text: 200,
  note: 1000,
} as const;

export const LOG_MESSAGES = {
  chooseChildren: 'Choose at least one child',
  tooManyChildren: `Choose at most ${LOG_LIMITS.children} children`,
  childTwice: 'Each child may be chosen once',
  time: 'The time must be written as HH:MM',
  enterWhat: 'Please say what happened',
  enterText: 'Please write something',
  enterMedication: 'Please enter the medication',
  enterDose: 'Please enter the dose',
  napOrder: 'The nap cannot end before it starts',
  medicationNotInCare: 'This medication is not in the child’s care details. Give a reason to record it.',
  alreadyAcknowledged: 'This incident has been acknowledged already.',
} as const;

export const MEAL_AMOUNTS = ['all', 'most', 'some', 'none'] as const;
export const TOILET_KINDS = ['wet', 'dirty', 'dry', 'toilet'] as const;
export const MOODS = ['happy', 'calm', 'tired', 'sad', 'unwell'] as const;
export const LOG_KINDS = [
  'meal',
  'nap',
  'toilet',
  'mood',
  'activity',
  'note',
  'medication',
  'incident',
] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** A time of the school day, `HH:MM` (24 hours) in the school's time zone. */
export const LogTimeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, LOG_MESSAGES.time);

const shortText = (enter: string) => requiredText(enter, 'The text', LOG_LIMITS.text);

/** What one entry says, by kind. Add a kind by adding a member here and to LOG_KINDS. */
export const LogDetailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('meal'),
    what: shortText(LOG_MESSAGES.enterWhat),
    amount: z.enum(MEAL_AMOUNTS),
  }),
  z
    .object({ kind: z.literal('nap'), from: LogTimeSchema, to: LogTimeSchema.nullable() })
    .refine((nap) => nap.to === null || nap.to >= nap.from, { message: LOG_MESSAGES.napOrder, path: ['to'] }),
  z.object({ kind: z.literal('toilet'), toilet: z.enum(TOILET_KINDS) }),
  z.object({
    kind: z.literal('mood'),
    mood: z.enum(MOODS),
    note: optionalText('The note', LOG_LIMITS.text).default(''),
  }),
  z.object({ kind: z.literal('activity'), text: shortText(LOG_MESSAGES.enterText) }),
  z.object({
    kind: z.literal('note'),
    text: requiredText(LOG_MESSAGES.enterText, 'The note', LOG_LIMITS.note),
  }),
  z.object({
    kind: z.literal('medication'),
    name: shortText(LOG_MESSAGES.enterMedication),
    dose: shortText(LOG_MESSAGES.enterDose),
    /** Who gave it; the writer when empty. */
    givenBy: optionalText('The name', 100).default(''),
    /** Why a medication the care details do not name was given; empty when they name it. */
    reason: optionalText('The reason', LOG_LIMITS.note).default(''),
  }),
  z.object({
    kind: z.literal('incident'),
    what: requiredText(LOG_MESSAGES.enterWhat, 'What happened', LOG_LIMITS.note),
    firstAid: optionalText('The first aid', LOG_LIMITS.note).default(''),
    witnessedBy: optionalText('Who saw it', LOG_LIMITS.text).default(''),
  }),
]);
export type LogDetail = z.infer<typeof LogDetailSchema>;
export type LogDetailInput = z.input<typeof LogDetailSchema>;

/** `POST log-entries`: one entry for one or several children, all or none. */
export const LogEntryBodySchema = z.object({
  studentIds: z
    .array(chosenIdSchema(LOG_MESSAGES.chooseChildren))
    .min(1, LOG_MESSAGES.chooseChildren)
    .max(LOG_LIMITS.children, LOG_MESSAGES.tooManyChildren)
    .refine((ids) => new Set(ids).size === ids.length, LOG_MESSAGES.childTwice),
  /** When it happened today; now (in the school's time zone) when left out. */
  time: LogTimeSchema.optional(),
  detail: LogDetailSchema,
});
export type LogEntryBody = z.input<typeof LogEntryBodySchema>;

export const AcknowledgementSchema = z.object({ at: z.string(), by: z.string() });

export const LogEntrySchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  /** The school day, YYYY-MM-DD, and the time of day, HH:MM. */
  day: z.string(),
  time: z.string(),
  detail: LogDetailSchema,
  recordedBy: z.string(),
  /** ISO instant the entry was written. */
  recordedAt: z.string(),
  /** Incidents: the guardian's acknowledgement, null until given; null for every other kind. */
  acknowledged: AcknowledgementSchema.nullable(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;
export const LogEntriesAnswerSchema = z.object({ data: z.array(LogEntrySchema) });
export const LogEntryAnswerSchema = z.object({ data: LogEntrySchema });

/** `?date=YYYY-MM-DD`, default today in the school's time zone. */
export const LogDayQuerySchema = z.object({ date: IsoDateSchema.optional() });

/** `GET classes/{id}/day-log`. */
export const ClassDayLogAnswerSchema = z.object({
  date: z.string(),
  classId: z.number().int(),
  className: z.string(),
  data: z.array(LogEntrySchema),
});
export type ClassDayLog = z.infer<typeof ClassDayLogAnswerSchema>;

/**
 * One item of a child's day. A discriminated union on `type`: the register's arrivals and
 * departures, the log's entries and the photo moments the viewer may see.
 */
export const TimelineItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('arrival'),
    time: z.string(),
    at: z.string(),
    recordedBy: z.string(),
  }),
  z.object({
    type: z.literal('collection'),
    time: z.string(),
    at: z.string(),
    collectedBy: z.string().nullable(),
  }),
  z.object({ type: z.literal('log'), time: z.string(), entry: LogEntrySchema }),
  /** A photo moment tagging the child, as the viewer may see it (docs/decisions/0079-photo-consent.md). */
  z.object({ type: z.literal('photo'), time: z.string(), at: z.string(), moment: PhotoMomentSchema }),
]);
export type TimelineItem = z.infer<typeof TimelineItemSchema>;

/** `GET pupils/{id}/day`: the child's day in time order. */
export const ChildDayAnswerSchema = z.object({
  data: z.object({
    date: z.string(),
    studentId: z.number().int(),
    studentName: z.string(),
    items: z.array(TimelineItemSchema),
    /** Whether the caller is a guardian of the child (who acknowledges incidents). */
    isGuardian: z.boolean(),
    /** The child's incidents (any day) no guardian has acknowledged yet. */
    unacknowledged: z.number().int(),
  }),
});
export type ChildDay = z.infer<typeof ChildDayAnswerSchema>['data'];

/** `GET family/incidents/unacknowledged` (a parent): their children's incidents waiting for them. */
export const UnacknowledgedAnswerSchema = z.object({
  count: z.number().int(),
  data: z.array(LogEntrySchema),
});

import { z } from 'zod';
import { chosenIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';
import { optionalText, requiredText } from './text-fields.js';

/**
 * The school calendar (docs/decisions/0086-the-school-calendar.md): closures (a holiday, a closure
 * of the whole school or of some classes, one day or several) and events (a time or all day, a
 * place, an audience), with the addresses of the iCalendar feeds calendar apps subscribe to. Days
 * and times are the school's wall clock, in its time zone. Server, web forms and tests validate with
 * these schemas.
 */

export const CALENDAR_LIMITS = {
  title: 200,
  description: 2000,
  place: 200,
  /** Classes one entry may be for. */
  classes: 50,
  /** Days one entry, or one listing, may span. */
  days: 366,
} as const;

export const CALENDAR_MESSAGES = {
  enterTitle: 'Please enter a title',
  chooseKind: 'Choose a closure or an event',
  chooseStartDate: 'Choose the first day',
  chooseAudience: 'Choose who it is for',
  time: 'The time must be written as HH:MM',
  endBeforeStart: 'The end cannot be before the start',
  bothTimes: 'Give both a start and an end time, or neither for all day',
  closureAllDay: 'A closure lasts whole days: give no times',
  closureForStaff: 'A closure is for the whole school or for classes',
  chooseClasses: 'Choose at least one class',
  noClasses: 'Choose classes only for an entry for classes',
  classTwice: 'Each class may be chosen once',
  tooManyClasses: `Choose at most ${CALENDAR_LIMITS.classes} classes`,
  tooLong: `An entry may last at most ${CALENDAR_LIMITS.days} days`,
  rangeTooLong: `Ask for at most ${CALENDAR_LIMITS.days} days at once`,
  familiesForStaff: 'Families cannot be invited to a staff event',
  publicOnlyForEveryone: 'Only an event for everyone can be on the public calendar',
  cancelled: 'This entry has been cancelled; it cannot be changed.',
  unknownClass: 'That class was not found.',
} as const;

export const CALENDAR_KINDS = ['closure', 'event'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export const CALENDAR_AUDIENCES = ['everyone', 'staff', 'classes'] as const;
export type CalendarAudience = (typeof CALENDAR_AUDIENCES)[number];

/** A wall-clock time of the school, `HH:MM` (24 hours). */
export const CalendarTimeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, CALENDAR_MESSAGES.time);

/** Whole days from `from` to `to` (both `YYYY-MM-DD`), 0 for the same day. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const issue = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

/** A new entry, or an entry's new state (a change replaces every field). */
export const CalendarEntryBodySchema = z
  .object({
    kind: z.enum(CALENDAR_KINDS),
    title: requiredText(CALENDAR_MESSAGES.enterTitle, 'The title', CALENDAR_LIMITS.title),
    description: optionalText('The description', CALENDAR_LIMITS.description).default(''),
    place: optionalText('The place', CALENDAR_LIMITS.place).default(''),
    startDate: IsoDateSchema,
    /** The last day (included); the start day when left out. */
    endDate: IsoDateSchema.optional(),
    /** Both or neither: without them the entry lasts whole days. */
    startTime: CalendarTimeSchema.optional(),
    endTime: CalendarTimeSchema.optional(),
    audience: z.enum(CALENDAR_AUDIENCES),
    classIds: z
      .array(chosenIdSchema('Choose a class from the list'))
      .max(CALENDAR_LIMITS.classes, CALENDAR_MESSAGES.tooManyClasses)
      .default([]),
    familiesInvited: z.boolean().default(false),
    /** On the school's public feed (events for everyone; a closure of the whole school always is). */
    public: z.boolean().default(false),
  })
  .superRefine((entry, ctx) => {
    const endDate = entry.endDate ?? entry.startDate;
    const span = daysBetween(entry.startDate, endDate);
    if (span < 0) issue(ctx, 'endDate', CALENDAR_MESSAGES.endBeforeStart);
    if (span >= CALENDAR_LIMITS.days) issue(ctx, 'endDate', CALENDAR_MESSAGES.tooLong);
    const timed = entry.startTime !== undefined || entry.endTime !== undefined;
    if (entry.kind === 'closure') {
      if (timed) issue(ctx, 'startTime', CALENDAR_MESSAGES.closureAllDay);
      if (entry.audience === 'staff') issue(ctx, 'audience', CALENDAR_MESSAGES.closureForStaff);
    } else if (timed) {
      if (entry.startTime === undefined || entry.endTime === undefined)
        issue(ctx, entry.startTime === undefined ? 'startTime' : 'endTime', CALENDAR_MESSAGES.bothTimes);
      else if (span === 0 && entry.endTime < entry.startTime)
        issue(ctx, 'endTime', CALENDAR_MESSAGES.endBeforeStart);
    }
    if (entry.audience === 'classes' && entry.classIds.length === 0)
      issue(ctx, 'classIds', CALENDAR_MESSAGES.chooseClasses);
    if (entry.audience !== 'classes' && entry.classIds.length > 0)
      issue(ctx, 'classIds', CALENDAR_MESSAGES.noClasses);
    if (new Set(entry.classIds).size !== entry.classIds.length)
      issue(ctx, 'classIds', CALENDAR_MESSAGES.classTwice);
    if (entry.familiesInvited && entry.audience === 'staff')
      issue(ctx, 'familiesInvited', CALENDAR_MESSAGES.familiesForStaff);
    if (entry.public && (entry.kind !== 'event' || entry.audience !== 'everyone'))
      issue(ctx, 'public', CALENDAR_MESSAGES.publicOnlyForEveryone);
  });
export type CalendarEntryBody = z.output<typeof CalendarEntryBodySchema>;

export const CalendarEntrySchema = z.object({
  id: z.number().int(),
  /** The iCalendar UID: never changes. */
  uid: z.string(),
  /** Raised on every change (iCalendar SEQUENCE). */
  sequence: z.number().int(),
  kind: z.enum(CALENDAR_KINDS),
  title: z.string(),
  description: z.string(),
  place: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** null for an entry lasting whole days. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  allDay: z.boolean(),
  audience: z.enum(CALENDAR_AUDIENCES),
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  familiesInvited: z.boolean(),
  public: z.boolean(),
  cancelled: z.boolean(),
  cancelledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CalendarEntry = z.infer<typeof CalendarEntrySchema>;

export const CalendarEntryAnswerSchema = z.object({ data: CalendarEntrySchema });

/** The days a listing covers, both included. */
export const CalendarRangeQuerySchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .superRefine((range, ctx) => {
    const span = daysBetween(range.from, range.to);
    if (span < 0) issue(ctx, 'to', CALENDAR_MESSAGES.endBeforeStart);
    if (span >= CALENDAR_LIMITS.days) issue(ctx, 'to', CALENDAR_MESSAGES.rangeTooLong);
  });

export const CalendarEntriesAnswerSchema = z.object({
  timeZone: z.string().describe('The school’s time zone: the clock of every day and time here'),
  data: z.array(CalendarEntrySchema),
});

/** A feed's address for a browser (`https:`) and for a calendar app to subscribe to (`webcal:`). */
export const FeedAddressSchema = z.object({ https: z.string(), webcal: z.string() });
export type FeedAddress = z.infer<typeof FeedAddressSchema>;

export const FeedAddressAnswerSchema = z.object({ data: FeedAddressSchema });

/**
 * The caller's feeds: the school's public one, and the secret ones they made (only when: their
 * address was shown once, when made or renewed).
 */
export const CalendarFeedsAnswerSchema = z.object({
  data: z.object({
    school: FeedAddressSchema,
    own: z.object({ createdAt: z.string() }).nullable(),
    classes: z.array(z.object({ classId: z.number().int(), createdAt: z.string() })),
  }),
});

/** A secret feed's file name: the secret (43 base64url characters), `.ics` after it. */
export const FeedSecretParamSchema = z.object({
  secret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'not a feed address')
    .transform((file) => file.slice(0, -'.ics'.length)),
});

export const CALENDAR_PATHS = {
  schoolFeed: '/api/calendar/school.ics',
  secretFeed: (secret: string) => `/api/calendar/feeds/${secret}.ics`,
} as const;

/** The https and webcal addresses of a feed at `path` on the site at `publicUrl`. */
export function feedAddress(publicUrl: string, path: string): FeedAddress {
  const https = `${publicUrl.replace(/\/+$/, '')}${path}`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

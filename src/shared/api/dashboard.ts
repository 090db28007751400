import { z } from 'zod';
import { CalendarEntrySchema } from './calendar.js';
import { IsoDateSchema } from './school.js';

/**
 * `GET dashboard/today` (ours, docs/decisions/0052-dashboards-that-say-what-needs-doing.md): what
 * the school area's home says first, for staff. Every figure belongs to a screen the viewer may open;
 * a figure of a screen the viewer may not open is `null` (not 0), so "nothing waits" and "not yours
 * to see" are never confused.
 */

const count = z.number().int().min(0);

/** One class on the school's today: its register at the door and its attendance. */
export const ClassTodaySchema = z.object({
  classId: z.number().int(),
  className: z.string(),
  /** Current pupils of the class. */
  pupils: count,
  /** Pupils checked in at least once today (the Today register). */
  arrived: count,
  /** Pupils marked Present today (the attendance register). */
  present: count,
  /** Pupils marked Absent today (the attendance register). */
  absent: count,
  /** Pupils with an attendance mark of any kind today: equal to `pupils` once the register is taken. */
  marked: count,
  /** The title of the calendar's closure that closes the class today (no register), else null. */
  closedFor: z.string().nullable(),
});
export type ClassToday = z.infer<typeof ClassTodaySchema>;

/** Money owed past its due date, one line per currency (amounts in the currency's minor unit). */
export const OverdueMoneySchema = z.object({
  invoices: count,
  byCurrency: z.array(z.object({ currency: z.string(), outstanding: count })),
});

/** An exam of the week ahead, as the Exams screen lists it. */
export const WeekEventSchema = z.object({
  kind: z.literal('exam'),
  date: IsoDateSchema,
  time: z.string(),
  className: z.string(),
  subjectName: z.string(),
});
export type WeekEvent = z.infer<typeof WeekEventSchema>;

export const DashboardTodayAnswerSchema = z.object({
  /** The school's today (its time zone). */
  date: IsoDateSchema,
  /** The classes the viewer may see: every class for the principal, the ones they teach for a teacher. */
  classes: z.array(ClassTodaySchema),
  /** Registrations waiting for approval. */
  approvals: count.nullable(),
  /** Enquiries and bookings not yet handled. */
  inbox: count.nullable(),
  /** Blog comments waiting for approval (docs/decisions/0055-blog-comment-notices.md). */
  blogComments: count.nullable(),
  /** Mails waiting to go and mails that failed. */
  outbox: z.object({ waiting: count, failed: count }).nullable(),
  overdue: OverdueMoneySchema.nullable(),
  /** Exams from today through the sixth day after it, by date. */
  events: z.array(WeekEventSchema),
});
export type DashboardToday = z.infer<typeof DashboardTodayAnswerSchema>;

/** How many days "this week" spans on the dashboard: today and the six after it. */
export const WEEK_DAYS = 7;

/** How many days "coming up" looks ahead, today included. */
export const COMING_UP_DAYS = 14;
/** At most this many entries: a panel on the home, not the calendar. */
export const COMING_UP_LIMIT = 8;

/** An entry of the school calendar coming up (docs/decisions/0088-closed-days.md). */
export const ComingUpEntrySchema = CalendarEntrySchema.pick({
  id: true,
  kind: true,
  title: true,
  place: true,
  startDate: true,
  endDate: true,
  startTime: true,
  endTime: true,
  allDay: true,
  audience: true,
  classes: true,
  familiesInvited: true,
});
export type ComingUpEntry = z.infer<typeof ComingUpEntrySchema>;

/**
 * `GET dashboard/coming-up` (ours): the closures and events of the school calendar that concern the
 * viewer, from the school's today through the next COMING_UP_DAYS - 1 days, not cancelled, by start.
 */
export const ComingUpAnswerSchema = z.object({
  /** The school's today (its time zone). */
  date: IsoDateSchema,
  data: z.array(ComingUpEntrySchema),
});
export type ComingUp = z.infer<typeof ComingUpAnswerSchema>;

import { z } from 'zod';

/**
 * `GET calendar/public` (docs/decisions/0088-closed-days.md): what the public site shows of the school
 * year: the current year's terms and its public dates (whole-school closures and events marked
 * public), by start, cancelled ones left out. Kept with the content's version, as the public pages'
 * content is, so it is the year's whole list rather than what is still ahead of some day.
 */

export const PublicTermSchema = z.object({
  name: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
});

export const PublicDateSchema = z.object({
  /** The entry's iCalendar UID: stable, a key for lists. */
  uid: z.string(),
  kind: z.enum(['closure', 'event']),
  title: z.string(),
  description: z.string(),
  place: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** HH:MM on the school's clock; null for an entry lasting whole days. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type PublicDate = z.infer<typeof PublicDateSchema>;

export const PublicCalendarSchema = z.object({
  /** The current school year, null before the school keeps any. */
  year: z.object({ name: z.string(), terms: z.array(PublicTermSchema) }).nullable(),
  /** The current year's public dates; without a year, those of the year from the day it was made. */
  dates: z.array(PublicDateSchema),
});
export type PublicCalendar = z.infer<typeof PublicCalendarSchema>;

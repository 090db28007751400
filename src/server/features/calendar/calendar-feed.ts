import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarEntry } from '../../../shared/api/calendar.js';
import { addDaysIso } from '../../../shared/school-time.js';

/**
 * A list of calendar entries as an iCalendar feed (RFC 5545; docs/decisions/0086-the-school-calendar.md):
 * each entry's UID and SEQUENCE as stored, a cancelled one as STATUS:CANCELLED, entries of whole
 * days as DATE values (DTEND the day after the last, as the RFC wants), timed ones in the school's
 * time zone with its VTIMEZONE.
 *
 * ical-generator writes a native Date in a named zone with the Date's local fields; so a wall-clock
 * time of the school is given as a Date whose local fields are that time (and, without a zone, as
 * one whose UTC fields are).
 */

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

function wallClock(day: string, time: string, utc: boolean): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const [h = 0, min = 0] = time.split(':').map(Number);
  return utc ? new Date(Date.UTC(y, m - 1, d, h, min)) : new Date(y, m - 1, d, h, min);
}

export function calendarFeed(options: {
  name: string;
  timeZone: string;
  entries: readonly CalendarEntry[];
}): string {
  const utc = isUtc(options.timeZone);
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Schoolyard', product: 'School calendar', language: 'EN' },
    // No calendar-wide zone: with one, ical-generator writes DTSTAMP and LAST-MODIFIED as local
    // times, where RFC 5545 wants UTC. Each event names the zone; the generator writes its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const entry of options.entries) {
    const start =
      entry.allDay || entry.startTime === null
        ? wallClock(entry.startDate, '00:00', utc)
        : wallClock(entry.startDate, entry.startTime, utc);
    const end =
      entry.allDay || entry.endTime === null
        ? wallClock(addDaysIso(entry.endDate, 1), '00:00', utc)
        : wallClock(entry.endDate, entry.endTime, utc);
    calendar.createEvent({
      id: entry.uid,
      sequence: entry.sequence,
      start,
      end,
      allDay: entry.allDay,
      timezone: utc ? null : options.timeZone,
      summary: entry.title,
      description: entry.description || null,
      location: entry.place || null,
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      stamp: new Date(entry.updatedAt),
      lastModified: new Date(entry.updatedAt),
    });
  }
  return calendar.toString();
}

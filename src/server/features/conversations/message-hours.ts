import {
  DEFAULT_MESSAGE_HOURS,
  type MessageHours,
  type MessageHoursAnswer,
} from '../../../shared/api/conversations.js';
import { addDaysIso, wallClock } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import { schoolTimeZone } from '../settings/settings.repository.js';

/**
 * The school's message hours (docs/decisions/0080-conversations.md): the weekdays and the times,
 * in the school's time zone, within which staff are alerted of a parent's message at once. A
 * message outside them is alerted when they next open.
 */

const HOURS_ID = 1;

export async function readMessageHours(db: Db): Promise<MessageHours> {
  const row = await db.selectFrom('message_hours').selectAll().where('id', '=', HOURS_ID).executeTakeFirst();
  if (!row) return DEFAULT_MESSAGE_HOURS;
  return {
    days: row.days === '' ? [] : row.days.split(',').map(Number),
    opens: row.opens,
    closes: row.closes,
  };
}

export async function writeMessageHours(db: Db, hours: MessageHours, at: string): Promise<void> {
  const values = {
    days: [...new Set(hours.days)].sort().join(','),
    opens: hours.opens,
    closes: hours.closes,
    updated_at: at,
  };
  await db
    .insertInto('message_hours')
    .values({ id: HOURS_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClock(new Date(instant), timeZone);
  const seconds = new Date(instant).getUTCSeconds() * 1000 + new Date(instant).getUTCMilliseconds();
  return Date.parse(`${clock.day}T${clock.time}:00Z`) + seconds - instant;
}

/** The instant at which the zone's clock shows `time` on `day` (the later one across a DST change). */
export function instantAt(day: string, time: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T${time}:00Z`);
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}

export function isWithinHours(hours: MessageHours, now: Date, timeZone: string): boolean {
  const clock = wallClock(now, timeZone);
  return hours.days.includes(clock.weekday) && clock.time >= hours.opens && clock.time < hours.closes;
}

/** When the hours next open after `now`; `now` itself while they are open. */
export function nextOpening(hours: MessageHours, now: Date, timeZone: string): Date {
  if (isWithinHours(hours, now, timeZone)) return now;
  const clock = wallClock(now, timeZone);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    if (!hours.days.includes((clock.weekday + ahead) % 7)) continue;
    if (ahead === 0 && clock.time >= hours.opens) continue;
    return instantAt(addDaysIso(clock.day, ahead), hours.opens, timeZone);
  }
  // No day at all cannot be saved (MessageHoursSchema); alert at once rather than never.
  return now;
}

/** The hours as the calls answer them, with whether they are open at `now`. */
export async function messageHoursAnswer(db: Db, now: Date = new Date()): Promise<MessageHoursAnswer> {
  return hoursAnswerAt(await readMessageHours(db), await schoolTimeZone(db), now);
}

/** The school's message hours and time zone, read together (what `hoursAnswerAt` needs). */
export async function readHoursAndZone(db: Db): Promise<{ hours: MessageHours; timeZone: string }> {
  const [hours, timeZone] = await Promise.all([readMessageHours(db), schoolTimeZone(db)]);
  return { hours, timeZone };
}

/** The hours as the calls answer them at `now`. */
export function hoursAnswerAt(hours: MessageHours, timeZone: string, now: Date): MessageHoursAnswer {
  const openNow = isWithinHours(hours, now, timeZone);
  return {
    ...hours,
    timeZone,
    openNow,
    nextOpening: openNow ? null : nextOpening(hours, now, timeZone).toISOString(),
  };
}

/**
 * The one clock of the school area and the mails (docs/decisions/0054-one-date-rule-and-the-schools-today.md): the web app and
 * the server format times and dates with these functions only.
 *
 * Instants in the school's time zone (the settings' `timeZone`), not the device's: a register read
 * from home at night still says 08:12 for a child who came at 08:12, a parent reads the times the
 * register says wherever their phone is, the principal reading the Outbox from home sees the times
 * the school saw. While the settings are not known (no zone), or for a zone this browser does not
 * know (an old setting), the device's. Anything that is not a date is shown as it came.
 *
 * In the reader's language (`locale`, English when none is given): English keeps the words below
 * letter for letter, as the contract's pages and the mails always read; another language gets Intl's
 * way of writing the same day or time in its Intl tag (`intlLocale`: Arabic with Latin digits),
 * still in the school's zone (docs/decisions/0072-one-clock-in-every-language.md).
 */

import { type AnyLocale, DEFAULT_LOCALE, intlLocale } from './i18n/locales.js';

const isEnglish = (locale: AnyLocale): boolean => intlLocale(locale) === DEFAULT_LOCALE;

/** The tag an instant is formatted in: en-GB's day-month order for English, the language's own else. */
const instantTag = (locale: AnyLocale): string => (isEnglish(locale) ? 'en-GB' : intlLocale(locale));

/**
 * Intl formats are slow to make (tens of microseconds) and are made for every row of a list
 * otherwise: kept by their options object (the constants below), tag and zone.
 */
const formats = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

function formatIn(
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
  tag = 'en-GB',
): Intl.DateTimeFormat {
  let byZone = formats.get(options);
  if (!byZone) {
    byZone = new Map();
    formats.set(options, byZone);
  }
  const key = `${tag}|${timeZone ?? ''}`;
  let format = byZone.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(tag, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(tag, options);
    }
    byZone.set(key, format);
  }
  return format;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_TIME: Intl.DateTimeFormatOptions = { ...DAY, ...TIME };
const WEEKDAY_DAY_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', ...DAY, ...TIME };
const ISO_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const WALL_CLOCK_PARTS: Intl.DateTimeFormatOptions = { ...ISO_PARTS, ...TIME };

function formatInstant(
  iso: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
  locale: AnyLocale,
): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIn(timeZone, options, instantTag(locale)).format(date);
}

/** An ISO instant as the time of day, `08:12`. */
export const formatTime = (iso: string, timeZone?: string, locale: AnyLocale = DEFAULT_LOCALE): string =>
  formatInstant(iso, timeZone, TIME, locale);

/** An ISO instant as its day in the school's zone, `24 Nov 2026` (`24 nov. 2026`). */
export const formatDate = (iso: string, timeZone?: string, locale: AnyLocale = DEFAULT_LOCALE): string =>
  formatInstant(iso, timeZone, DAY, locale);

/** An ISO instant as a day and time, `24 Nov 2026, 08:05` (`24 nov. 2026, 08:05`). */
export const formatWhen = (iso: string, timeZone?: string, locale: AnyLocale = DEFAULT_LOCALE): string =>
  formatInstant(iso, timeZone, DAY_TIME, locale);

/** An ISO instant as a weekday, day and time, `Mon, 3 Nov 2025, 15:04` (`lun. 3 nov. 2025, 15:04`). */
export const formatDayTime = (iso: string, timeZone?: string, locale: AnyLocale = DEFAULT_LOCALE): string =>
  formatInstant(iso, timeZone, WEEKDAY_DAY_TIME, locale);

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in the school's zone: the one date rule of the
 * server and the web app. "Today" of the register, the attendance, the dashboard, the fees and the
 * exams is the school's day, not UTC's (a school in Auckland starts its Monday while UTC is still
 * on Sunday) and not the device's. No zone or one this runtime does not know: the device's.
 */
export function dateInZone(instant: Date, timeZone: string | undefined): string {
  if (Number.isNaN(instant.getTime())) return '';
  const parts = formatIn(timeZone, ISO_PARTS).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The wall clock of an instant in a zone: its day, weekday (0 = Sunday) and `HH:MM`. */
export function wallClock(instant: Date, timeZone: string): { day: string; weekday: number; time: string } {
  const parts = formatIn(timeZone, WALL_CLOCK_PARTS, 'en-US').formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return {
    day,
    weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** Today's calendar day (`YYYY-MM-DD`) in the school's zone. */
export const todayInZone = (timeZone: string | undefined, now: Date = new Date()): string =>
  dateInZone(now, timeZone);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as the API writes it, `YYYY-MM-DD`. */
export const isIsoDate = (value: string | null | undefined): value is string =>
  typeof value === 'string' && ISO_DAY.test(value);

/** The day as a UTC midnight, or undefined when `day` is not a day of the calendar (30 February). */
function utcMidnight(day: string): Date | undefined {
  if (!isIsoDate(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  // Date rolls 30 February over into March: a day that is not in the calendar is not one.
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? undefined : date;
}

/** The calendar day `days` after `day` (before it when negative); days have no zone, so no DST. */
export const addDaysIso = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const SHORT_WEEKDAYS = WEEKDAYS.map((day) => day.slice(0, 3));
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));

/** How a day is written: with its weekday or not, in the reader's language (English by default). */
export interface DayWords {
  weekday?: boolean;
  locale?: AnyLocale;
}

const LONG_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const LONG_DAY_WITH_WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long', ...LONG_DAY };
const SHORT_DAY_WITH_WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short', ...DAY };

/** A calendar day in another language than English: Intl's words at UTC midnight, so it stays that day. */
const dayIn = (date: Date, locale: AnyLocale, options: Intl.DateTimeFormatOptions): string =>
  formatIn('UTC', options, intlLocale(locale)).format(date);

/**
 * A calendar day (`YYYY-MM-DD`, a day of the school's calendar, no zone to convert) as people write
 * it: "Friday, 20 November 2026"; without the weekday (a date of birth) "20 November 2026"; in French
 * "vendredi 20 novembre 2026". English is written out here rather than with Intl, whose punctuation
 * changes between ICU versions (a mail's words must not change with the server's Node). Anything
 * else as it came.
 */
export function longDate(day: string, { weekday = true, locale = DEFAULT_LOCALE }: DayWords = {}): string {
  const date = utcMidnight(day);
  if (!date) return day;
  if (!isEnglish(locale)) {
    return dayIn(date, locale, weekday ? LONG_DAY_WITH_WEEKDAY : LONG_DAY);
  }
  const words = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return weekday ? `${WEEKDAYS[date.getUTCDay()]}, ${words}` : words;
}

/**
 * A calendar day in a list or table, short: "Mon, 3 Nov 2025" ("lun. 3 nov. 2025"). Anything else
 * as it came.
 */
export function shortDate(day: string, locale: AnyLocale = DEFAULT_LOCALE): string {
  const date = utcMidnight(day);
  if (!date) return day;
  if (!isEnglish(locale)) return dayIn(date, locale, SHORT_DAY_WITH_WEEKDAY);
  return `${SHORT_WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * An ISO instant (a receipt, a registration) as the school's calendar day in words, "20 November
 * 2026" (with `weekday`, "Friday, 20 November 2026"); a plain calendar day is written out as it is.
 */
export function dayOfInstant(value: string, timeZone: string | undefined, options?: DayWords): string {
  if (isIsoDate(value)) return longDate(value, options);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : longDate(dateInZone(instant, timeZone), options);
}

/**
 * An exam's time as the contract sends it (`ExamTime`, `2026-12-04 09:00 - 11:00`: the school's
 * calendar day and wall-clock hours, no zone to convert) in words: "Friday, 4 December 2026,
 * 09:00 - 11:00", its hours as they came. A time in another shape is shown as it came.
 */
export function examTimeInWords(time: string, locale: AnyLocale = DEFAULT_LOCALE): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](.+))?$/.exec(time.trim());
  if (!match?.[1]) return time;
  const day = longDate(match[1], { locale });
  if (day === match[1]) return time;
  return match[2] ? `${day}, ${match[2].trim()}` : day;
}

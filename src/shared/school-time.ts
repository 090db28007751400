/**
 * The one clock of the school area and the mails (docs/decisions/0048-one-clock-and-mail-links-at-send.md): the web app and
 * the server format times and dates with these functions only.
 *
 * Instants in the school's time zone (the settings' `timeZone`), not the device's: a register read
 * from home at night still says 08:12 for a child who came at 08:12, a parent reads the times the
 * register says wherever their phone is, the principal reading the Outbox from home sees the times
 * the school saw. While the settings are not known (no zone), or for a zone this browser does not
 * know (an old setting), the device's. Anything that is not a date is shown as it came.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    formats.set(key, format);
  }
  return format;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

function formatInstant(
  iso: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIn(timeZone, options).format(date);
}

/** An ISO instant as the time of day, `08:12`. */
export const formatTime = (iso: string, timeZone?: string): string => formatInstant(iso, timeZone, TIME);

/** An ISO instant as a day and time, `24 Nov 2026, 08:05`. */
export const formatWhen = (iso: string, timeZone?: string): string =>
  formatInstant(iso, timeZone, { ...DAY, ...TIME });

/** An ISO instant as a weekday, day and time, `Mon, 3 Nov 2025, 15:04`. */
export const formatDayTime = (iso: string, timeZone?: string): string =>
  formatInstant(iso, timeZone, { weekday: 'short', ...DAY, ...TIME });

/** Today's calendar day (`YYYY-MM-DD`) in the school's zone. */
export function todayInZone(timeZone: string | undefined, now: Date = new Date()): string {
  const parts = formatIn(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

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

/**
 * A calendar day (`YYYY-MM-DD`, a day of the school's calendar, no zone to convert) as people write
 * it: "Friday, 20 November 2026". Written out here rather than with Intl, whose punctuation changes
 * between ICU versions (a mail's words must not change with the server's Node). Anything else as it came.
 */
export function longDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  // Date rolls 30 February over into March: a day that is not in the calendar is shown as it came.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return day;
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * An exam's time as the contract sends it (`ExamTime`, `2026-12-04 09:00 - 11:00`: the school's
 * calendar day and wall-clock hours, no zone to convert) in words: "Friday, 4 December 2026,
 * 09:00 - 11:00". A time in another shape is shown as it came.
 */
export function examTimeInWords(time: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](.+))?$/.exec(time.trim());
  if (!match?.[1]) return time;
  const day = longDate(match[1]);
  if (day === match[1]) return time;
  return match[2] ? `${day}, ${match[2].trim()}` : day;
}

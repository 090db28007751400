/**
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

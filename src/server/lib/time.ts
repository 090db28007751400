/** An instant as stored: ISO-8601 in UTC. */
export const nowIso = (): string => new Date().toISOString();

/** A calendar date as stored: `YYYY-MM-DD` (UTC). */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** "Today" for the school calls: the server's calendar date in UTC (dates are stored as UTC days). */
export const todayIso = (): string => isoDate(new Date());

/**
 * The calendar date (`YYYY-MM-DD`) of an instant in an IANA time zone: "today" of the day's
 * register, which follows the school's clock (school_settings.time_zone), not UTC
 * (docs/decisions/0021-families.md). An unknown zone falls back to UTC.
 */
export function dateInZone(instant: Date, timeZone: string): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(instant);
  } catch {
    return isoDate(instant);
  }
}

/** The date `days` after a `YYYY-MM-DD` date (before it when negative). */
export const addDaysIso = (day: string, days: number): string =>
  isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

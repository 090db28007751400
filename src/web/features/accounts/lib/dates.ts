const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2016-03-09` (or an ISO timestamp) as `9 March 2016`; anything else as it is. */
export function formatDay(value: string): string {
  const match = DAY.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : LONG_DATE.format(date);
}

/** Today as `YYYY-MM-DD` (UTC, as the shared date-of-birth rule counts), for `<input type="date" max>`. */
export const todayIso = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Dates as the API writes them (`YYYY-MM-DD`), in the visitor's own calendar. */

const pad = (n: number): string => String(n).padStart(2, '0');

/** The calendar day of `date` where the visitor is (not UTC: a teacher's "today" is local). */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const todayIso = (now: Date = new Date()): string => toIsoDate(now);

/** `iso` moved by `days` calendar days. */
export function addDaysIso(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  return toIsoDate(new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
}

export const isIsoDate = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** `2025-11-03` -> `Mon, 3 Nov 2025`; anything else as it is. */
export function formatDay(iso: string): string {
  if (!isIsoDate(iso)) return iso;
  const [year, month, day] = iso.split('-').map(Number);
  return dateFormat.format(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

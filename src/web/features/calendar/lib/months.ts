import { type AnyLocale, intlLocale } from '../../../../shared/i18n/locales.js';

/** A month as `YYYY-MM`. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string | null | undefined): value is string =>
  typeof value === 'string' && MONTH.test(value);

/** The month of a day (`YYYY-MM-DD`). */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The month `count` months after (before, when negative) `month`. */
export function addMonths(month: string, count: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first and last days of a month, both included, as the calendar's listing asks for them. */
export function monthRange(month: string): { from: string; to: string } {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month in words in the reader's language: `November 2026`, `novembre 2026`. */
export const monthTitle = (month: string, locale: AnyLocale): string =>
  new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

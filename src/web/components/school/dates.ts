import { type AnyLocale, intlLocale, PSEUDO_LOCALE } from '../../../shared/i18n/locales.js';
import { formatPercent } from '../../lib/school/format.js';
import { examTimeInWords, isIsoDate, longDate, shortDate } from '../../lib/school-time.js';

/**
 * The school area's calendar days in the reader's language. English (and the pseudo-locale, made
 * from it) keeps shared/school-time.ts's own words, letter for letter; another language gets its
 * Intl words. A calendar day has no zone to convert: it is formatted at UTC midnight.
 */
const isEnglish = (locale: AnyLocale): boolean => locale === 'en' || locale === PSEUDO_LOCALE;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(locale: AnyLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

const utcMidnight = (day: string): Date | undefined => {
  if (!isIsoDate(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** "Mon, 3 Nov 2025" / "lun. 3 nov. 2025"; anything that is not a day as it came. */
export function shortDateIn(day: string, locale: AnyLocale): string {
  const date = utcMidnight(day);
  if (isEnglish(locale) || !date) return shortDate(day);
  return formatOf(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** "Friday, 20 November 2026" / "vendredi 20 novembre 2026"; without the weekday on demand. */
export function longDateIn(day: string, locale: AnyLocale, { weekday = true } = {}): string {
  const date = utcMidnight(day);
  if (isEnglish(locale) || !date) return longDate(day, { weekday });
  return formatOf(locale, {
    ...(weekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** An exam's time (`2026-12-04 09:00 - 11:00`) in words, its hours as they came. */
export function examTimeIn(time: string, locale: AnyLocale): string {
  if (isEnglish(locale)) return examTimeInWords(time);
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](.+))?$/.exec(time.trim());
  if (!match?.[1] || !utcMidnight(match[1])) return time;
  const day = longDateIn(match[1], locale);
  return match[2] ? `${day}, ${match[2].trim()}` : day;
}

/** A number (a count, marks) in the reader's digits and separators. */
export const numberIn = (value: number, locale: AnyLocale, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(intlLocale(locale), options).format(value);

/** A percentage as lib/school/format.ts writes it (`83.3%`) in English, by the reader's locale otherwise. */
export function percentIn(value: number, locale: AnyLocale): string {
  if (isEnglish(locale)) return formatPercent(value);
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );
}

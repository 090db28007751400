import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { intlLocale } from '../../../shared/i18n/locales.js';
import { formatDate, formatWhen } from '../../../shared/school-time.js';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(locale: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, options);
    }
    formats.set(key, format);
  }
  return format;
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

function formatInstantIn(
  locale: AnyLocale,
  iso: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIn(intlLocale(locale), timeZone, options).format(date);
}

/**
 * An ISO instant as a day and time in the school's zone, in the page's language. English keeps the
 * school clock's own format (`24 Nov 2026, 08:05`, src/shared/school-time.ts) letter for letter;
 * French and Arabic get their own order and month names (`24 nov. 2026, 08:05`).
 */
export const formatWhenIn = (locale: AnyLocale, iso: string, timeZone: string | undefined): string =>
  intlLocale(locale) === 'en'
    ? formatWhen(iso, timeZone)
    : formatInstantIn(locale, iso, timeZone, { ...DAY, ...TIME });

/** An ISO instant as its day in the school's zone, in the page's language (English as formatDate). */
export const formatDateIn = (locale: AnyLocale, iso: string, timeZone: string | undefined): string =>
  intlLocale(locale) === 'en' ? formatDate(iso, timeZone) : formatInstantIn(locale, iso, timeZone, DAY);

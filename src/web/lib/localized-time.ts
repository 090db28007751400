import { type AnyLocale, intlLocale } from '../../shared/i18n/locales.js';
import { formatTime, formatWhen, shortDate } from '../../shared/school-time.js';

/**
 * The school's clock (shared/school-time.ts) in the reader's language. English keeps school-time's
 * own wording letter for letter (`Mon, 3 Nov 2025`, `24 Nov 2026, 08:05`), as the contract's pages
 * always read; another language gets Intl's way of writing the same day or time, still in the
 * school's time zone.
 */

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

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

const isEnglish = (locale: AnyLocale): boolean => intlLocale(locale) === 'en';

function formatInstantIn(
  iso: string,
  timeZone: string | undefined,
  locale: AnyLocale,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIn(intlLocale(locale), timeZone, options).format(date);
}

/** A calendar day (`YYYY-MM-DD`) short, as shortDate writes it in English: "Mon, 3 Nov 2025". */
export function localShortDate(day: string, locale: AnyLocale): string {
  if (isEnglish(locale)) return shortDate(day);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return day;
  return formatIn(intlLocale(locale), 'UTC', { weekday: 'short', ...DAY }).format(date);
}

/** An instant as a day and time in the school's zone, formatWhen's `24 Nov 2026, 08:05` in English. */
export const localWhen = (iso: string, timeZone: string | undefined, locale: AnyLocale): string =>
  isEnglish(locale) ? formatWhen(iso, timeZone) : formatInstantIn(iso, timeZone, locale, { ...DAY, ...TIME });

/** An instant as the time of day in the school's zone, `08:12`. */
export const localTime = (iso: string, timeZone: string | undefined, locale: AnyLocale): string =>
  isEnglish(locale) ? formatTime(iso, timeZone) : formatInstantIn(iso, timeZone, locale, TIME);

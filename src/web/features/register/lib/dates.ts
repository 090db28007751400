import { type AnyLocale, intlLocale } from '../../../../shared/i18n/locales.js';
import { formatDayTime, isIsoDate, shortDate } from '../../../lib/school-time.js';

/**
 * The register's day and the override list's instants in the page's language. English keeps the
 * shared rule's words letter for letter (shortDate, formatDayTime); another language has Intl write
 * them, in the school's zone for an instant (a calendar day has no zone).
 */
export function registerDay(day: string, locale: AnyLocale): string {
  const language = intlLocale(locale);
  if (language === 'en' || !isIsoDate(day)) return shortDate(day);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

export function overrideWhen(iso: string, timeZone: string | undefined, locale: AnyLocale): string {
  const language = intlLocale(locale);
  if (language === 'en') return formatDayTime(iso, timeZone);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    // A zone this browser does not know (an old setting): the device's, as the shared rule does.
    return new Intl.DateTimeFormat(language, options).format(date);
  }
}

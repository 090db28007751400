import { type AnyLocale, DEFAULT_LOCALE, intlLocale } from '../../shared/i18n/locales.js';
import { isIsoDate, longDate } from '../../shared/school-time.js';
import { translatorFor } from './i18n.js';

/**
 * Small pieces of wording the mails to families share (docs/decisions/0024-family-mails.md): lists
 * and dates written for people, and how to reach the school, in the recipient's language (English
 * as it always read when none is given).
 */

/** "A", "A and B", "A, B and C" (in English; another language's own way of listing). */
export function listInWords(items: readonly string[], locale: AnyLocale = DEFAULT_LOCALE): string {
  if (items.length <= 1) return items.join('');
  if (locale !== DEFAULT_LOCALE) {
    return new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(items);
  }
  return translatorFor(locale).t('mail.words.and', {
    first: items.slice(0, -1).join(', '),
    last: items.at(-1),
  });
}

/** A day in words, "Friday, 20 November 2026": the one clock's (src/shared/school-time.ts). */
export { longDate } from '../../shared/school-time.js';

/** `longDate` in a language: English as `longDate` writes it, others by `Intl` ("vendredi 20 novembre 2026"). */
export function longDateIn(
  locale: AnyLocale,
  day: string,
  { weekday = true }: { weekday?: boolean } = {},
): string {
  if (intlLocale(locale) === DEFAULT_LOCALE || !isIsoDate(day)) return longDate(day, { weekday });
  // The day is a calendar day, not an instant: formatted at UTC midnight in UTC, it stays that day.
  return new Intl.DateTimeFormat(intlLocale(locale), {
    ...(weekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * How to reach the school, from its settings' email and phone (whichever are set), finishing a
 * sentence: "please contact the school by email at office@… or by phone on 555…".
 */
export function contactTheSchool(
  school: { email: string; phone: string },
  locale: AnyLocale = DEFAULT_LOCALE,
): string {
  const { t } = translatorFor(locale);
  const email = school.email.trim();
  const phone = school.phone.trim();
  const ways = [
    ...(email ? [t('mail.contact.byEmail', { email })] : []),
    ...(phone ? [t('mail.contact.byPhone', { phone })] : []),
  ];
  const [first, second] = ways;
  if (first === undefined) return t('mail.contact.office');
  return t('mail.contact.school', {
    ways: second === undefined ? first : t('mail.contact.either', { first, second }),
  });
}

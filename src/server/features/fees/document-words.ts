import { type AnyLocale, intlLocale } from '../../../shared/i18n/locales.js';
import type { Translator } from '../../../shared/i18n/translator.js';
import { dateInZone, longDate } from '../../../shared/school-time.js';

/**
 * Words the fee documents (receipt, reminder letter and mail) share, in the reader's language
 * (docs/decisions/0060-documents-in-every-script.md).
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day (YYYY-MM-DD) in words: English as the school's mails write it ("Friday, 20 November
 * 2026", the same in every Node), other languages as `Intl` writes a full date ("vendredi 20
 * novembre 2026"). Anything else as it came.
 */
export function dayInWords(day: string, locale: AnyLocale): string {
  const language = intlLocale(locale);
  if (language === 'en') return longDate(day);
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(date);
}

/** An instant (ISO, UTC) as its day in the school's zone, in words. */
export const instantInWords = (instant: string, timeZone: string, locale: AnyLocale): string =>
  dayInWords(dateInZone(new Date(instant), timeZone), locale);

/**
 * How to reach the school, from its settings' email and phone (whichever are set), finishing a
 * sentence: "please contact the school by email at office@… or by phone on 555…".
 */
export function contactTheSchool(t: Translator['t'], school: { email: string; phone: string }): string {
  const email = school.email.trim();
  const phone = school.phone.trim();
  if (email && phone) return t('documents.reminder.contact.emailAndPhone', { email, phone });
  if (email) return t('documents.reminder.contact.email', { email });
  if (phone) return t('documents.reminder.contact.phone', { phone });
  return t('documents.reminder.contact.office');
}

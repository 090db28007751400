import { GENDERS, USER_TYPES } from '../../../../shared/constants.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { intlLocale } from '../../../../shared/i18n/locales.js';
import { dateInZone, isIsoDate, longDate } from '../../../../shared/school-time.js';
import type { MessageKey, Translator } from '../../../lib/i18n.js';

type Translate = Translator['t'];

/** A user type in the page's language; a value outside the contract's nine as it came (user data). */
export const userTypeLabel = (t: Translate, type: string): string =>
  (USER_TYPES as readonly string[]).includes(type) ? t(`common.userType.${type}` as MessageKey) : type;

/** A gender in the page's language; anything else (an old free-text value) as it came. */
export const genderLabel = (t: Translate, gender: string): string =>
  (GENDERS as readonly string[]).includes(gender) ? t(`common.gender.${gender}` as MessageKey) : gender;

/**
 * A calendar day (`YYYY-MM-DD`, no zone) as people write it in the page's language, without the
 * weekday: "20 November 2026", "20 novembre 2026". English keeps the shared rule's words (longDate),
 * letter for letter; anything that is not a day as it came.
 */
export function dayInWords(day: string, locale: AnyLocale): string {
  const language = intlLocale(locale);
  if (language === 'en' || !isIsoDate(day)) return longDate(day, { weekday: false });
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** An ISO instant (a registration) as its day in the school's zone, in words; a plain day as dayInWords. */
export function instantDayInWords(value: string, timeZone: string | undefined, locale: AnyLocale): string {
  if (isIsoDate(value)) return dayInWords(value, locale);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dayInWords(dateInZone(instant, timeZone), locale);
}

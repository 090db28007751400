import { type AnyLocale, intlLocale, PSEUDO_LOCALE } from '../../../shared/i18n/locales.js';
import { formatPercent } from '../../lib/school/format.js';

/**
 * The school area's numbers in the reader's language (its days and times are the one clock's,
 * shared/school-time.ts). English (and the pseudo-locale, made from it) keeps lib/school/format.ts's
 * own writing, letter for letter; another language gets Intl's.
 */
const isEnglish = (locale: AnyLocale): boolean => locale === 'en' || locale === PSEUDO_LOCALE;

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

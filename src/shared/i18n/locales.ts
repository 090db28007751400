/**
 * The languages the product speaks (docs/decisions/0059-message-catalogs.md). A school offers some of
 * them and has a default; a visitor, a user's account or a mail's recipient picks one of those.
 */
export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** The contract's language: its texts are the English catalog, letter for letter. */
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Accented, about a third longer and bracketed English, made from the English catalog
 * (pseudo-locale.ts): what tests render every screen in to find text that no catalog gave. Never
 * offered to a school.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Each language by its own name, as a language switcher lists it to someone who reads only that. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
};

export type TextDirection = 'ltr' | 'rtl';

const RIGHT_TO_LEFT: readonly string[] = ['ar'];

export const textDirection = (locale: AnyLocale): TextDirection =>
  RIGHT_TO_LEFT.includes(locale) ? 'rtl' : 'ltr';

/**
 * The offered language an `Accept-Language` header prefers most (`fr-CA,fr;q=0.9,en;q=0.5` -> fr),
 * by its weights and then its order; undefined when it names none of them. A region counts as its
 * language (`ar-EG` is ar).
 */
export function negotiateLocale(
  acceptLanguage: string | undefined,
  offered: readonly Locale[],
): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranges = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { language: range.trim().toLowerCase().split('-')[0] ?? '', weight, order };
    })
    .filter((range) => range.language !== '' && Number.isFinite(range.weight) && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const range of ranges) {
    if (range.language === '*') return offered[0];
    const match = offered.find((locale) => locale === range.language);
    if (match) return match;
  }
  return undefined;
}

/**
 * The language of a public address and the address without it: `/fr/about` -> fr and `/about`. The
 * default language's addresses have no prefix (the contract's routes); a prefix that the school does
 * not offer is not a language prefix.
 */
export function splitLocalePath(
  pathname: string,
  offered: readonly Locale[],
  defaultLocale: Locale,
): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  const prefix = match?.[1];
  if (prefix && prefix !== defaultLocale && isLocale(prefix) && offered.includes(prefix)) {
    return { locale: prefix, path: pathname.slice(prefix.length + 1) || '/' };
  }
  return { locale: defaultLocale, path: pathname };
}

/** A public address in a language: the default language's as it is, another's under its prefix. */
export function localePath(path: string, locale: Locale, defaultLocale: Locale): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/**
 * The language tag `Intl` formats in. The pseudo-locale formats as English. Arabic writes its numbers
 * in Latin digits (`ar-u-nu-latn`, docs/decisions/0066-right-to-left.md): today's CLDR does so for
 * `ar`, older browsers' ICU wrote Arabic-Indic ones, and the server's rendering, the browser's
 * hydration, the PDFs and the figures people type must agree.
 */
const INTL_TAGS = { en: 'en', fr: 'fr', ar: 'ar-u-nu-latn' } as const satisfies Record<Locale, string>;
export type IntlLocaleTag = (typeof INTL_TAGS)[Locale];
export const intlLocale = (locale: AnyLocale): IntlLocaleTag =>
  INTL_TAGS[locale === PSEUDO_LOCALE ? 'en' : locale];

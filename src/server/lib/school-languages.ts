import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../shared/i18n/locales.js';
import type { Db } from '../db/connect.js';

const SETTINGS_ID = 1;

/** The school's languages: its default and the ones it offers (the default always among them). */
export interface SchoolLanguages {
  language: Locale;
  languages: Locale[];
}

/** Reads a stored list of locales, leaving out what is not one (a language the product dropped). */
export function schoolLanguagesOf(row: { language: string; languages: string }): SchoolLanguages {
  const language = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
  const offered = row.languages.split(',').filter(isLocale);
  return { language, languages: LOCALES.filter((locale) => locale === language || offered.includes(locale)) };
}

export async function schoolLanguages(db: Db): Promise<SchoolLanguages> {
  const row = await db
    .selectFrom('school_settings')
    .select(['language', 'languages'])
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return schoolLanguagesOf(row ?? { language: DEFAULT_LOCALE, languages: DEFAULT_LOCALE });
}

/**
 * The language a user's mails, documents and messages are in: their own choice while the school
 * offers it, else the school's default.
 */
export async function userLocale(db: Db, userId: number): Promise<Locale> {
  const [school, user] = await Promise.all([
    schoolLanguages(db),
    db.selectFrom('app_user').select('language').where('id', '=', userId).executeTakeFirst(),
  ]);
  const own = user?.language;
  return isLocale(own) && school.languages.includes(own) ? own : school.language;
}

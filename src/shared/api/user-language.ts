import { z } from 'zod';
import { LOCALES } from '../i18n/locales.js';

/**
 * `PUT users/language` (docs/decisions/0059-message-catalogs.md): the language the signed-in user
 * reads the school area, their mails and their documents in; null goes back to the school's default.
 * A language the school does not offer is refused.
 */
export const USER_LANGUAGE_MESSAGES = {
  unknownLanguage: `Please choose a language among ${LOCALES.join(', ')}, or none for the school's default`,
  notOffered: 'The school does not offer this language',
} as const;

export const UserLanguageBodySchema = z.strictObject(
  { language: z.enum(LOCALES, { error: USER_LANGUAGE_MESSAGES.unknownLanguage }).nullable() },
  { error: USER_LANGUAGE_MESSAGES.unknownLanguage },
);
export type UserLanguageBody = z.infer<typeof UserLanguageBodySchema>;

export const UserLanguageAnswerSchema = z.object({
  data: z.object({
    /** The user's own choice; null: the school's default. */
    language: z.enum(LOCALES).nullable(),
    /** The language they get now: their choice, else the school's default. */
    locale: z.enum(LOCALES),
  }),
});

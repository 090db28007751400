import { z } from 'zod';
import { type ContentCollection, translatableFieldEntries } from '../content-records.js';
import { LOCALES, type Locale } from '../i18n/locales.js';
import { ADMIN_MESSAGES } from './admin.js';
import { pathIdSchema } from './ids.js';

/**
 * A content record in one of the school's other languages
 * (docs/decisions/0064-content-in-the-schools-languages.md): `GET` and `PUT
 * admin/content/{collection}/{id}/translations/{language}`. The record's own fields are its text in
 * the school's default language; a translation holds its text fields (not the icon, pictures or
 * order) in another language the school offers. A field left '' is not translated: the pages show
 * the default language's text there.
 */

export const TRANSLATION_MESSAGES = {
  language: `The language is one of ${LOCALES.join(', ')}`,
  defaultLanguage: 'The record itself is in the school’s default language: edit the record instead',
  notOffered: 'The school does not offer that language (Website -> School)',
} as const;

export const ContentTranslationParamsSchema = z.object({
  id: pathIdSchema(),
  language: z.enum(LOCALES, TRANSLATION_MESSAGES.language),
});

/** A translation's text fields under their wire names, every translatable field, '' where missing. */
export type WireTranslatedFields = Record<string, string>;

export interface ContentTranslation {
  id: number;
  language: Locale;
  fields: WireTranslatedFields;
}

/** The answer's fields: each translatable field of the collection under its wire name. */
/* @__NO_SIDE_EFFECTS__ */
export function translatedFieldsSchema(collection: ContentCollection) {
  const shape: Record<string, z.ZodString> = {};
  for (const [, field] of translatableFieldEntries(collection)) shape[field.wire] = z.string();
  return z.object(shape);
}

/* @__NO_SIDE_EFFECTS__ */
export function contentTranslationSchema(collection: ContentCollection) {
  return z.object({
    id: z.number().int(),
    language: z.enum(LOCALES),
    fields: translatedFieldsSchema(collection),
  }) as unknown as z.ZodType<ContentTranslation>;
}

/**
 * The body of `PUT admin/content/{collection}/{id}/translations/{language}`: the translatable fields
 * under their wire names, each trimmed and bounded as in the record; a field left out or '' is not
 * translated. Unknown fields (the icon, `images`) are refused.
 */
/* @__NO_SIDE_EFFECTS__ */
export function contentTranslationBodySchema(collection: ContentCollection) {
  const shape: Record<string, z.ZodType> = {};
  for (const [, field] of translatableFieldEntries(collection)) {
    shape[field.wire] = z
      .string({ error: ADMIN_MESSAGES.mustBeText(field.label) })
      .trim()
      .max(field.max, ADMIN_MESSAGES.tooLong(field.label, field.max))
      .optional();
  }
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? ADMIN_MESSAGES.notAnObject
        : issue.code === 'unrecognized_keys'
          ? ADMIN_MESSAGES.unknownFields(issue.keys ?? [])
          : undefined,
  }) as unknown as z.ZodType<Partial<WireTranslatedFields>>;
}

/** The public content calls' query: the language to show the records in (the school's default without it). */
export const ContentQuerySchema = z.object({
  lang: z
    .enum(LOCALES, TRANSLATION_MESSAGES.language)
    .optional()
    .describe(
      'A language the school offers: each text field in it where the record has a translation, ' +
        'else in the default language. The default or a language the school does not offer: the records as stored.',
    ),
});

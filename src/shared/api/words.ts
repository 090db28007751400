import { z } from 'zod';
import { LOCALES } from '../i18n/locales.js';
import type { MessageKey } from '../i18n/message-keys.js';

/**
 * The school's own words (docs/decisions/0065-the-schools-own-words.md): the principal replaces any
 * catalog message, per language, with the school's text; the catalog's stays the default. Calls and
 * fields are ours, so camelCase.
 */

/** A replacement's longest text: the longest catalog message is under 600 characters. */
export const WORD_TEXT_MAX_LENGTH = 2000;
/** A full message key (`area.key`): letters, digits, dots, dashes and underscores. */
export const WORD_KEY_PATTERN = /^[a-z][a-z-]*\.[A-Za-z0-9._-]+$/;
/** How many messages a search answers at most (the screen asks to narrow it beyond). */
export const WORD_SEARCH_LIMIT = 50;

/**
 * The reasons a replacement is refused, as catalog keys: the server says them in the request's
 * language, the screen in the page's.
 */
export const WORD_PROBLEMS = {
  blank: 'words.problem.blank',
  tooLong: 'words.problem.tooLong',
  unknownKey: 'words.problem.unknownKey',
  syntax: 'words.problem.syntax',
  missing: 'words.problem.missing',
  extra: 'words.problem.extra',
  different: 'words.problem.different',
} as const satisfies Record<string, MessageKey>;

export const WORD_ERRORS = {
  notSaved: 'words.error.notSaved',
  notReplaced: 'words.error.notReplaced',
} as const satisfies Record<string, MessageKey>;

const localeSchema = z.enum(LOCALES);
const keySchema = z.string().max(120).regex(WORD_KEY_PATTERN);

/** The path of `PUT` and `DELETE admin/words/{locale}/{key}`. */
export const WordParamsSchema = z.object({ locale: localeSchema, key: keySchema });
export type WordParams = z.infer<typeof WordParamsSchema>;

/** The body of `PUT admin/words/{locale}/{key}`: the school's text, ICU MessageFormat like the catalog's. */
export const WordBodySchema = z.strictObject({
  text: z
    .string({ error: WORD_PROBLEMS.blank })
    .max(WORD_TEXT_MAX_LENGTH, WORD_PROBLEMS.tooLong)
    .refine((text) => text.trim() !== '', WORD_PROBLEMS.blank),
});
export type WordBody = z.infer<typeof WordBodySchema>;

/** One replacement as the principal's list shows it. */
export const SchoolWordSchema = z.object({
  locale: localeSchema,
  key: z.string(),
  text: z.string(),
  /** The catalog's message in that language: what the school's text replaces, and what a reset brings back. */
  original: z.string(),
  /** The English message (the contract's wording), for a principal who edits another language. */
  english: z.string(),
  /**
   * False when the text no longer fits the catalog's message (a newer Schoolyard changed it or left
   * it out): it is kept, but pages show the original.
   */
  applies: z.boolean(),
  updatedAt: z.string(),
});
export type SchoolWord = z.infer<typeof SchoolWordSchema>;

/** `GET admin/words?locale=`: the replacements of one language (of every language without it), by key. */
export const WordListQuerySchema = z.object({ locale: localeSchema.optional() });
export const WordListSchema = z.object({ data: z.array(SchoolWordSchema) });
export type WordList = z.infer<typeof WordListSchema>;

/** `GET admin/words/messages?locale=&q=`: catalog messages whose key or text holds every word of `q`. */
export const WordSearchQuerySchema = z.object({
  locale: localeSchema,
  q: z.string().max(200).default(''),
});
export type WordSearchQuery = z.infer<typeof WordSearchQuerySchema>;

export const CatalogMessageSchema = z.object({
  key: z.string(),
  english: z.string(),
  /** The catalog's message in the language asked for (English's own for English). */
  original: z.string(),
  /** The school's text for it in that language, or null. */
  replacement: z.string().nullable(),
});
export type CatalogMessage = z.infer<typeof CatalogMessageSchema>;

export const WordSearchSchema = z.object({
  data: z.array(CatalogMessageSchema),
  /** How many messages match (the answer holds at most WORD_SEARCH_LIMIT of them). */
  total: z.number().int(),
});
export type WordSearch = z.infer<typeof WordSearchSchema>;

export const SchoolWordAnswerSchema = z.object({ data: SchoolWordSchema });

import type { FieldError } from '../../../shared/api/errors.js';
import {
  type CatalogMessage,
  type SchoolWord,
  WORD_PROBLEMS,
  WORD_SEARCH_LIMIT,
  type WordSearch,
} from '../../../shared/api/words.js';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales.js';
import type { MessageValues, Translator } from '../../../shared/i18n/translator.js';
import { messagesFor } from '../../../shared/messages/messages.js';
import {
  englishMessageOf,
  type SchoolWordProblem,
  schoolWordProblem,
} from '../../../shared/messages/school-words.js';
import type { SchoolWordRow } from './words.repository.js';

/** The catalog's text of a message in a language (English's where the language lacks it). */
const catalogText = (locale: Locale, key: string): string => {
  const message = messagesFor(locale)[key];
  return typeof message === 'string' ? message : '';
};

/** A stored row as the principal's list shows it. */
export function schoolWordOf(row: SchoolWordRow): SchoolWord {
  const locale = row.locale as Locale;
  return {
    locale,
    key: row.message_key,
    text: row.text,
    original: catalogText(locale, row.message_key),
    english: englishMessageOf(row.message_key) ?? '',
    applies: schoolWordProblem(row.message_key, row.text) === undefined,
    updatedAt: row.updated_at,
  };
}

/** Lowercase without accents, so `ecole` finds « École » and `registation` finds "Registation form". */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The catalog's messages whose key, English text, text in `locale` or school's text holds every word
 * of `query` (accents and case aside), in catalog order; at most WORD_SEARCH_LIMIT, with how many
 * match. An empty query matches every message.
 */
export function searchMessages(
  locale: Locale,
  query: string,
  replacements: ReadonlyMap<string, string>,
): WordSearch {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const english = messagesFor(DEFAULT_LOCALE);
  const own = messagesFor(locale);
  const matches: CatalogMessage[] = [];
  let total = 0;
  for (const [key, message] of Object.entries(english)) {
    if (typeof message !== 'string') continue;
    const original = typeof own[key] === 'string' ? (own[key] as string) : message;
    const replacement = replacements.get(key) ?? null;
    const haystack = folded([key, message, original, replacement ?? ''].join('\n'));
    if (!words.every((word) => haystack.includes(word))) continue;
    total += 1;
    if (matches.length < WORD_SEARCH_LIMIT) matches.push({ key, english: message, original, replacement });
  }
  return { data: matches, total };
}

/** Why a text may not replace a message, as a field reason in the reader's language. */
export function problemReason(problem: SchoolWordProblem, t: Translator['t']): FieldError {
  const say = (key: keyof typeof WORD_PROBLEMS, values?: MessageValues) => t(WORD_PROBLEMS[key], values);
  switch (problem.kind) {
    case 'unknownKey':
      return { field: 'key', message: say('unknownKey', { key: problem.key }) };
    case 'syntax':
      return { field: 'text', message: say('syntax', { position: problem.offset + 1 }) };
    default: {
      const name = problem.tag ? `<${problem.name}>` : `{${problem.name}}`;
      return { field: 'text', message: say(problem.kind, { name }) };
    }
  }
}

import { DEFAULT_LOCALE } from '../i18n/locales.js';
import { messageStructureProblem, type StructureProblem } from '../i18n/message-structure.js';
import { messagesFor } from './messages.js';

/**
 * Whether a school's text may replace a catalog message (docs/decisions/0065-the-schools-own-words.md):
 * the key must be a catalog's, and the text must be ICU MessageFormat with the English message's
 * arguments, plurals, selects and tags (the code gives those values, and only those). Server and tests
 * only: it reads the catalogs.
 */
export type SchoolWordProblem = { kind: 'unknownKey'; key: string } | StructureProblem;

/** The English message of a full key (`area.key`), or undefined when no catalog has it. */
export function englishMessageOf(key: string): string | undefined {
  const english = messagesFor(DEFAULT_LOCALE);
  const message = Object.hasOwn(english, key) ? english[key] : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** What keeps `text` from replacing the message `key`, or undefined when it may. */
export function schoolWordProblem(key: string, text: string): SchoolWordProblem | undefined {
  const english = englishMessageOf(key);
  if (english === undefined) return { kind: 'unknownKey', key };
  return messageStructureProblem(english, text);
}

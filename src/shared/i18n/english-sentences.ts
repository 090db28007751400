import type { MessageKey } from './message-keys.js';
import type { Message, MessageValues, Translator } from './translator.js';

/**
 * Reads the English sentences that the shared schemas and the features' errors give (they keep their
 * English text: browsers, tests and scripts read it) back to their catalog keys, so that the server's
 * answers and the browser's own form checks can say each in the reader's language
 * (docs/decisions/0061-server-messages-in-the-request-language.md).
 */
export type SentenceReader = (
  translator: Pick<Translator, 't' | 'has'>,
  sentence: string,
) => string | undefined;

/**
 * `english` holds the English messages (`area.key` -> ICU text) of the areas whose sentences are
 * read back; `englishText` formats a key without arguments as English shows it (quotes resolved).
 */
export function createSentenceReader(
  english: Readonly<Record<string, Message>>,
  englishText: (key: string) => string,
): SentenceReader {
  const exact = new Map<string, string>();
  const patterns: { key: string; pattern: RegExp; names: string[] }[] = [];
  for (const [key, message] of Object.entries(english)) {
    if (typeof message !== 'string') continue;
    // The first key of a text wins: keys that say one thing twice say it alike.
    // A text without arguments is known by what it reads as (quotes and all).
    if (!/\{\s*[a-zA-Z]/.test(message.replaceAll("''", '').replace(/'[^']*'/g, ''))) {
      const text = englishText(key);
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const names: string[] = [];
    const source = message
      .split(/(\{[a-zA-Z]+\})/)
      .map((piece) => {
        const name = /^\{([a-zA-Z]+)\}$/.exec(piece)?.[1];
        if (name) {
          names.push(name);
          return '(.+?)';
        }
        return piece.replaceAll("''", "'").replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    // Only simple arguments: plurals, selects and tags are not read back.
    if (names.length > 0 && !/[{}<]/.test(source.replaceAll('(.+?)', ''))) {
      patterns.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
    }
  }
  return (translator, sentence) => {
    if (translator.has(sentence)) return translator.t(sentence as MessageKey);
    const key = exact.get(sentence);
    if (key) return translator.t(key as MessageKey);
    for (const { key: patternKey, pattern, names } of patterns) {
      const match = pattern.exec(sentence);
      if (match) {
        const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
        return translator.t(patternKey as MessageKey, values as MessageValues);
      }
    }
    return undefined;
  };
}

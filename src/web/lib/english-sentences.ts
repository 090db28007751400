import { createSentenceReader } from '../../shared/i18n/english-sentences.js';
import { needsEnglishSentences, setSentenceReader } from './english-sentence-reader.js';

/**
 * The shared schemas' English sentences in the page's language, for the checks a form makes in the
 * browser before it sends (the server translates its own answers: docs/decisions/0061). The English
 * sentences load with a form's checks and only on a page in another language, so an English page and
 * a page's first JavaScript carry none of them (docs/decisions/0068-form-checks-in-the-page-language.md).
 */
let loading: Promise<void> | undefined;

/**
 * An English message without arguments as it reads (ICU quoting resolved: `''` is one apostrophe,
 * `'{…}'` is literal). The server formats with the full parser; english-sentences.test.ts holds the
 * two to the same texts, so the browser needs no message parser for this.
 */
export const plainEnglish = (message: string): string =>
  message.replace(/''|'([{}#|<>][^']*)'/g, (quoted, literal: string | undefined) => literal ?? "'");

const withArea = (area: string, messages: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${area}.${key}`, message]));

/** Loads the sentences once, unless the page is in English (`<html lang>`), where they read as they are. */
export function loadEnglishSentences(pageLanguage: string = document.documentElement.lang): Promise<void> {
  if (!needsEnglishSentences(pageLanguage)) return Promise.resolve();
  loading ??= Promise.all([
    import('../../shared/messages/validation/en.json'),
    import('../../shared/messages/errors/en.json'),
  ]).then(
    ([validation, errors]) => {
      const english = {
        ...withArea('validation', validation.default),
        ...withArea('errors', errors.default),
      };
      setSentenceReader(createSentenceReader(english, (key) => plainEnglish(english[key] ?? key)));
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

import type { SentenceReader } from '../../shared/i18n/english-sentences.js';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales.js';
import type { Translator } from '../../shared/i18n/translator.js';

/**
 * Where the shared schemas' English sentences are read back in the page's language, once
 * lib/english-sentences.ts has loaded them (only on a page that is not in English). Kept apart
 * from the loader so that every form's message display can ask without loading it.
 */
let reader: SentenceReader | undefined;

export function setSentenceReader(next: SentenceReader): void {
  reader = next;
}

/** A known English sentence in `translator`'s language, or undefined (not loaded, or not known). */
export const readEnglishSentence = (
  translator: Pick<Translator, 't' | 'has'>,
  sentence: string,
): string | undefined => reader?.(translator, sentence);

/** Whether a page in `language` (`<html lang>`) needs the sentences read back: any but English. */
export const needsEnglishSentences = (language: string): boolean =>
  language !== DEFAULT_LOCALE && language !== '';

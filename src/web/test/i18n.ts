import type { AnyLocale } from '../../shared/i18n/locales.js';
import { createTranslator, type Translator } from '../../shared/i18n/translator.js';
import { messagesFor } from '../../shared/messages/messages.js';

/** A language's translator as the app has it, for component tests (English unless named). */
export const testTranslator = (locale: AnyLocale = 'en'): Translator =>
  createTranslator(locale, messagesFor(locale));

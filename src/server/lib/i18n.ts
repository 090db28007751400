import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { FastifyRequest } from 'fastify';
import {
  type AnyLocale,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  negotiateLocale,
} from '../../shared/i18n/locales.js';
import type { MessageArea } from '../../shared/i18n/message-keys.js';
import { createTranslator, type Messages, type Translator } from '../../shared/i18n/translator.js';
import { messagesFor } from '../../shared/messages/messages.js';

const translators = new Map<AnyLocale, Translator>();

/**
 * The server's messages in one language (mails, documents, errors, rendered pages), from the same
 * catalogs as the browser's (docs/decisions/0059-message-catalogs.md).
 */
export function translatorFor(locale: AnyLocale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, messagesFor(locale));
    translators.set(locale, translator);
  }
  return translator;
}

/**
 * The language a visitor's browser asks for (`Accept-Language`) among the ones offered, else the
 * default. A signed-in user's own choice and a public address's prefix come first where they apply.
 */
export function requestedLocale(
  request: Pick<FastifyRequest, 'headers'>,
  offered: readonly Locale[] = LOCALES,
  fallback: Locale = DEFAULT_LOCALE,
): Locale {
  return negotiateLocale(request.headers['accept-language'], offered) ?? fallback;
}

const parsed = new Map<string, Readonly<Record<string, MessageFormatElement[]>>>();

/**
 * The messages of `areas` in one language as syntax trees: what a public page hands its islands, whose
 * bundle has no parser (docs/decisions/0059-message-catalogs.md).
 */
export function parsedMessagesFor(locale: AnyLocale, areas: readonly MessageArea[]): Messages {
  const key = `${locale}:${[...areas].sort().join(',')}`;
  let messages = parsed.get(key);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(messagesFor(locale, areas)).map(([name, message]) => [
        name,
        typeof message === 'string' ? parse(message) : message,
      ]),
    );
    parsed.set(key, messages);
  }
  return messages;
}

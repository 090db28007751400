import { type AnyLocale, DEFAULT_LOCALE, type Locale, PSEUDO_LOCALE } from '../i18n/locales.js';
import type { MessageArea } from '../i18n/message-keys.js';
import { pseudoMessage } from '../i18n/pseudo-locale.js';
import type { Message } from '../i18n/translator.js';
import { CATALOGS } from './catalogs.js';

export const MESSAGE_AREAS = Object.keys(CATALOGS) as MessageArea[];

const catalogOf = (area: MessageArea, locale: Locale): Readonly<Record<string, string>> =>
  CATALOGS[area][locale] as Readonly<Record<string, string>>;

const cache = new Map<string, Readonly<Record<string, Message>>>();

/**
 * One language's messages by full key (`area.key`), of every area or of the ones named: a key its
 * catalog lacks takes the English message, so a gap shows English, never a key (the catalog test fails
 * on such a gap first). The pseudo-locale is made from English.
 */
export function messagesFor(
  locale: AnyLocale,
  areas: readonly MessageArea[] = MESSAGE_AREAS,
): Readonly<Record<string, Message>> {
  const cacheKey = `${locale}:${areas.join(',')}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const messages: Record<string, Message> = {};
  for (const area of areas) {
    const english = catalogOf(area, DEFAULT_LOCALE);
    const own = locale === PSEUDO_LOCALE ? {} : catalogOf(area, locale);
    for (const [key, message] of Object.entries(english)) {
      messages[`${area}.${key}`] =
        locale === PSEUDO_LOCALE
          ? pseudoMessage(message)
          : ((Object.hasOwn(own, key) ? own[key] : undefined) ?? message);
    }
  }
  cache.set(cacheKey, messages);
  return messages;
}

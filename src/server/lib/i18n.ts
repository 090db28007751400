import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { FastifyRequest } from 'fastify';
import {
  type AnyLocale,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  negotiateLocale,
} from '../../shared/i18n/locales.js';
import type { MessageArea, MessageKey } from '../../shared/i18n/message-keys.js';
import {
  createTranslator,
  type Message,
  type Messages,
  type MessageValues,
  type Translator,
} from '../../shared/i18n/translator.js';
import { messagesFor } from '../../shared/messages/messages.js';
import { schoolLanguages, userLocale } from './school-languages.js';
import { schoolWordsGeneration, schoolWordsIn } from './school-words.js';

/**
 * What is made from the messages and kept, per generation of the school's own words
 * (lib/school-words.ts): a change of the words drops it all.
 */
let keptGeneration = -1;
const translators = new Map<AnyLocale, Translator>();
const catalogTranslators = new Map<AnyLocale, Translator>();
const schoolMessages = new Map<string, Messages>();
const parsed = new Map<string, Readonly<Record<string, MessageFormatElement[]>>>();

function dropWhenWordsChanged(): void {
  const generation = schoolWordsGeneration();
  if (generation === keptGeneration) return;
  keptGeneration = generation;
  translators.clear();
  schoolMessages.clear();
  parsed.clear();
}

/**
 * One language's messages of `areas` (every area without them) as this school says them: the
 * catalogs' (docs/decisions/0059-message-catalogs.md), with the principal's own words in their place
 * where the school replaced one (docs/decisions/0065-the-schools-own-words.md). What the school area's
 * page is handed, and what the server's translators format.
 */
export function schoolMessagesFor(locale: AnyLocale, areas?: readonly MessageArea[]): Messages {
  dropWhenWordsChanged();
  const catalog = messagesFor(locale, areas);
  const words = schoolWordsIn(locale);
  const replaced = Object.keys(words).filter((key) => Object.hasOwn(catalog, key));
  if (replaced.length === 0) return catalog;
  const cacheKey = `${locale}:${areas ? areas.join(',') : '*'}`;
  let messages = schoolMessages.get(cacheKey);
  if (!messages) {
    const merged: Record<string, Message> = { ...catalog };
    for (const key of replaced) merged[key] = words[key] as string;
    messages = merged;
    schoolMessages.set(cacheKey, messages);
  }
  return messages;
}

/**
 * The server's messages in one language (mails, documents, errors, rendered pages), from the same
 * catalogs as the browser's (docs/decisions/0059-message-catalogs.md), in the school's own words where
 * it has some.
 */
export function translatorFor(locale: AnyLocale): Translator {
  dropWhenWordsChanged();
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, schoolMessagesFor(locale));
    translators.set(locale, translator);
  }
  return translator;
}

/** The catalogs' own messages, whatever the school's words: what the contract and the schemas say. */
function catalogTranslatorFor(locale: AnyLocale): Translator {
  let translator = catalogTranslators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, messagesFor(locale));
    catalogTranslators.set(locale, translator);
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

/**
 * The messages of `areas` in one language as syntax trees, in the school's own words where it has
 * some: what a public page hands its islands, whose bundle has no parser
 * (docs/decisions/0059-message-catalogs.md).
 */
export function parsedMessagesFor(locale: AnyLocale, areas: readonly MessageArea[]): Messages {
  dropWhenWordsChanged();
  const key = `${locale}:${[...areas].sort().join(',')}`;
  let messages = parsed.get(key);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(schoolMessagesFor(locale, areas)).map(([name, message]) => [
        name,
        typeof message === 'string' ? parse(message) : message,
      ]),
    );
    parsed.set(key, messages);
  }
  return messages;
}

const requestLocales = new WeakMap<FastifyRequest, Promise<Locale>>();

/**
 * The language a request is answered in (its errors, the mails it starts for a visitor): the signed-in
 * user's (`userLocale`), else the visitor's `Accept-Language` among the school's offered languages,
 * else the school's default. Worked out once per request, however many answers and mails ask.
 * Never fails: a database that does not answer gives the default, so the error handler can ask too.
 */
export function requestLocale(request: FastifyRequest): Promise<Locale> {
  let locale = requestLocales.get(request);
  if (!locale) {
    locale = localeOf(request).catch(() => DEFAULT_LOCALE);
    requestLocales.set(request, locale);
  }
  return locale;
}

async function localeOf(request: FastifyRequest): Promise<Locale> {
  const db = request.server.db;
  const user = request.user;
  if (user) return userLocale(db, user.id);
  const school = await schoolLanguages(db);
  return requestedLocale(request, school.languages, school.language);
}

/** The areas of the sentences the server answers with: their English texts are known by heart. */
const SERVER_MESSAGE_AREAS: readonly MessageArea[] = ['validation', 'errors'];

interface EnglishIndex {
  /** Each English text without arguments, to its key. */
  readonly exact: ReadonlyMap<string, string>;
  /** The English texts with simple `{name}` arguments, as patterns that find the arguments' values. */
  readonly patterns: readonly { key: string; pattern: RegExp; names: readonly string[] }[];
}

let englishIndex: EnglishIndex | undefined;

/**
 * The keys of the English sentences that the shared schemas and the features' errors give (they keep
 * their English text: browsers, tests and scripts read it), so that the server can say each in another
 * language (docs/decisions/0061-server-messages-in-the-request-language.md).
 */
function indexOfEnglish(): EnglishIndex {
  if (englishIndex) return englishIndex;
  const exact = new Map<string, string>();
  const patterns: { key: string; pattern: RegExp; names: string[] }[] = [];
  for (const [key, message] of Object.entries(messagesFor(DEFAULT_LOCALE, SERVER_MESSAGE_AREAS))) {
    if (typeof message !== 'string') continue;
    // The first key of a text wins: keys that say one thing twice say it alike.
    // A text without arguments is known by what it reads as (quotes and all): the catalog's, which
    // the schemas give whatever words the school chose.
    if (!/\{\s*[a-zA-Z]/.test(message.replaceAll("''", '').replace(/'[^']*'/g, ''))) {
      const text = catalogTranslatorFor(DEFAULT_LOCALE).t(key as MessageKey);
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
  englishIndex = { exact, patterns };
  return englishIndex;
}

/**
 * A server message in `locale`: a catalog key's message, or the translation of a known English
 * sentence (a schema's or a feature's); undefined for text no catalog has.
 */
export function translateServerMessage(locale: AnyLocale, message: string): string | undefined {
  const translator = translatorFor(locale);
  if (translator.has(message)) return translator.t(message as MessageKey);
  const index = indexOfEnglish();
  const key = index.exact.get(message);
  if (key) return translator.t(key as MessageKey);
  for (const { key: patternKey, pattern, names } of index.patterns) {
    const match = pattern.exec(message);
    if (match) {
      const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
      return translator.t(patternKey as MessageKey, values as MessageValues);
    }
  }
  return undefined;
}

import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { FastifyRequest } from 'fastify';
import { createSentenceReader, type SentenceReader } from '../../shared/i18n/english-sentences.js';
import {
  type AnyLocale,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  negotiateLocale,
  PSEUDO_LOCALE,
} from '../../shared/i18n/locales.js';
import type { MessageArea, MessageKey } from '../../shared/i18n/message-keys.js';
import {
  createTranslator,
  isPlainMessage,
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
const appMessages = new Map<AnyLocale, Messages>();

function dropWhenWordsChanged(): void {
  const generation = schoolWordsGeneration();
  if (generation === keptGeneration) return;
  keptGeneration = generation;
  translators.clear();
  schoolMessages.clear();
  parsed.clear();
  appMessages.clear();
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

/**
 * Every message of one language as the school area's page is handed them, in the school's own words:
 * plain text as it is, and each message with ICU syntax (arguments, plurals, tags, quotes) as its
 * syntax tree, so the app's bundle carries no message parser
 * (docs/decisions/0100-the-app-without-a-message-parser.md).
 */
export function appMessagesFor(locale: AnyLocale): Messages {
  dropWhenWordsChanged();
  let messages = appMessages.get(locale);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(schoolMessagesFor(locale)).map(([name, message]) => [
        name,
        typeof message === 'string' && !isPlainMessage(message) ? parse(message) : message,
      ]),
    );
    appMessages.set(locale, messages);
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

/**
 * Whether a request asks first for the pseudo-locale and the server lets it (PSEUDO_LOCALE, tests
 * only: docs/decisions/0069-pseudo-locale-walk.md).
 */
export function wantsPseudoLocale(request: Pick<FastifyRequest, 'headers' | 'server'>): boolean {
  // A server built without the app's configuration (a plugin's own test) never allows it.
  const { config } = request.server as { config?: { pseudoLocale?: boolean } };
  if (!config?.pseudoLocale) return false;
  const first = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first === PSEUDO_LOCALE.toLowerCase();
}

/** The language a request's answers are said in: `requestLocale`, or the pseudo-locale in a test walk. */
export async function answerLocale(request: FastifyRequest): Promise<AnyLocale> {
  return wantsPseudoLocale(request) ? PSEUDO_LOCALE : requestLocale(request);
}

async function localeOf(request: FastifyRequest): Promise<Locale> {
  const db = request.server.db;
  const user = request.user;
  if (user) return userLocale(db, user.id);
  const school = await schoolLanguages(db);
  return requestedLocale(request, school.languages, school.language);
}

/** The areas of the sentences the server answers with: their English texts are known by heart. */
export const SENTENCE_AREAS: readonly MessageArea[] = ['validation', 'errors'];

let readSentence: SentenceReader | undefined;

/**
 * A server message in `locale`: a catalog key's message (with `values` when it has arguments), or the
 * translation of a known English sentence (a schema's or a feature's); undefined for text no catalog has.
 */
export function translateServerMessage(
  locale: AnyLocale,
  message: string,
  values?: MessageValues,
): string | undefined {
  const translator = translatorFor(locale);
  if (values && translator.has(message)) return translator.t(message as MessageKey, values);
  // The English sentences are the catalog's, which the schemas give whatever words the school chose.
  readSentence ??= createSentenceReader(messagesFor(DEFAULT_LOCALE, SENTENCE_AREAS), (key) =>
    catalogTranslatorFor(DEFAULT_LOCALE).t(key as MessageKey),
  );
  return readSentence(translator, message);
}

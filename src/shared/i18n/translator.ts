import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { type AnyLocale, intlLocale, type TextDirection, textDirection } from './locales.js';
import type { MessageKey } from './message-keys.js';

/** A message as a catalog writes it (ICU text) or as it was parsed (its syntax tree). */
export type Message = string | MessageFormatElement[];
/** The messages of one language by full key (`area.key`). */
export type Messages = Readonly<Record<string, Message>>;

export type PlainValue = string | number | Date | boolean | null | undefined;
export type MessageValues = Readonly<Record<string, PlainValue>>;

/**
 * One language's messages, formatted (ICU MessageFormat, by intl-messageformat): the same object on
 * the server (mails, PDFs, errors, rendered pages) and in the browser.
 */
export interface Translator {
  readonly locale: AnyLocale;
  readonly direction: TextDirection;
  /** The message as text; its key itself when no catalog has it (a test catches that first). */
  t(key: MessageKey, values?: MessageValues): string;
  /**
   * The message with its tags (`<link>…</link>`) made by `values`' functions: text and what they
   * return, in order.
   */
  parts<T>(
    key: MessageKey,
    values: Readonly<Record<string, PlainValue | T | ((chunks: (string | T)[]) => T)>>,
  ): (string | T)[];
  has(key: string): boolean;
}

export interface TranslatorOptions {
  /**
   * Turns ICU text into its syntax tree. Without it, text goes to intl-messageformat's own parser,
   * which the public pages' bundle leaves out: their messages come parsed (docs/decisions/0059-message-catalogs.md).
   */
  parse?: (message: string) => MessageFormatElement[];
}

export function createTranslator(
  locale: AnyLocale,
  messages: Messages,
  { parse }: TranslatorOptions = {},
): Translator {
  const formats = new Map<string, IntlMessageFormat>();
  const formatOf = (key: string): IntlMessageFormat | undefined => {
    let format = formats.get(key);
    if (format) return format;
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    if (message === undefined) return undefined;
    format = new IntlMessageFormat(
      typeof message === 'string' && parse ? parse(message) : message,
      intlLocale(locale),
      undefined,
      { ignoreTag: false },
    );
    formats.set(key, format);
    return format;
  };
  return {
    locale,
    direction: textDirection(locale),
    t(key, values) {
      const format = formatOf(key);
      if (!format) return key;
      const result = format.format(values as Record<string, PlainValue>);
      return Array.isArray(result) ? result.join('') : String(result);
    },
    parts(key, values) {
      const format = formatOf(key);
      if (!format) return [key];
      // biome-ignore lint/suspicious/noExplicitAny: intl-messageformat's value type is wider than ours.
      const result = format.format(values as any);
      return (Array.isArray(result) ? result : [result]) as never;
    },
    has: (key) => Object.hasOwn(messages, key),
  };
}

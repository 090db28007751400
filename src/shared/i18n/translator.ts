import type { LiteralElement, MessageFormatElement } from '@formatjs/icu-messageformat-parser';
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

/**
 * The arguments that carry people's own words into a sentence: names (of people, a class, the school, a
 * fee plan) and email addresses. Not `title`: the editor's messages give it our own collection names. In a right-to-left language, `t` isolates their values with
 * FSI … PDI (U+2068 … U+2069), so a Latin name keeps its punctuation on its side and does not pull the
 * sentence's own punctuation with it. What `t` returns is plain text (toasts, `aria-label`s, mails'
 * subjects), which cannot hold the `<bdi>` a component puts around such data
 * (docs/decisions/0074-names-in-plain-text-sentences.md).
 */
export const DATA_ARGUMENTS: ReadonlySet<string> = new Set([
  'name',
  'child',
  'pupil',
  'parent',
  'teacher',
  'sender',
  'author',
  'studentName',
  'whom',
  'className',
  'school',
  'plan',
  'email',
]);

/** `text` as a unit of its own direction inside a sentence of another (U+2068 FIRST STRONG ISOLATE … U+2069). */
export const isolated = (text: string): string => `\u2068${text}\u2069`;

/** `values` with the strings of DATA_ARGUMENTS isolated. */
function withDataIsolated(values: MessageValues): MessageValues {
  const result: Record<string, PlainValue> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' && value !== '' && DATA_ARGUMENTS.has(name)) result[name] = isolated(value);
  }
  return result;
}

/**
 * Whether an ICU message is plain text: nothing in it that ICU reads as syntax (an argument or a plural's
 * `{}`, a tag's `<`, or an apostrophe, which may quote). Such a message needs no parser: it is its own text.
 */
export const isPlainMessage = (message: string): boolean => !/[{}<']/.test(message);

/** A plain message's syntax tree: one piece of literal text (`TYPE.literal` is 0). */
const literalTree = (text: string): MessageFormatElement[] => [{ type: 0, value: text } as LiteralElement];

export interface TranslatorOptions {
  /**
   * Turns ICU text that is not plain (isPlainMessage: that is taken as it is) into its syntax tree.
   * Without it, such text goes to intl-messageformat's own parser, which the browser's bundles leave out:
   * their messages come parsed where they need it (docs/decisions/0059-message-catalogs.md,
   * docs/decisions/0100-the-app-without-a-message-parser.md).
   */
  parse?: (message: string) => MessageFormatElement[];
}

export function createTranslator(
  locale: AnyLocale,
  messages: Messages,
  { parse }: TranslatorOptions = {},
): Translator {
  const direction = textDirection(locale);
  const formats = new Map<string, IntlMessageFormat>();
  const formatOf = (key: string): IntlMessageFormat | undefined => {
    let format = formats.get(key);
    if (format) return format;
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    if (message === undefined) return undefined;
    const tree =
      typeof message !== 'string'
        ? message
        : isPlainMessage(message)
          ? literalTree(message)
          : parse
            ? parse(message)
            : message;
    format = new IntlMessageFormat(tree, intlLocale(locale), undefined, { ignoreTag: false });
    formats.set(key, format);
    return format;
  };
  return {
    locale,
    direction,
    t(key, values) {
      const format = formatOf(key);
      if (!format) return key;
      // Left-to-right text reads as it always did (the contract's English letter for letter).
      const said = values && direction === 'rtl' ? withDataIsolated(values) : values;
      const result = format.format(said as Record<string, PlainValue>);
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

import { createContext, type ReactNode, useContext } from 'react';
import type { AnyLocale } from '../../shared/i18n/locales.js';
import type { MessageKey } from '../../shared/i18n/message-keys.js';
import type { Messages, MessageValues, Translator } from '../../shared/i18n/translator.js';

export type { MessageKey, MessageValues, Translator };

/**
 * The id of the JSON block in which the server hands a page its language and messages: all of them
 * for the school area's app, the ones its islands use for a public page (parsed, so the public
 * pages' bundle needs no message parser). Never script: the messages are data.
 */
export const MESSAGES_ELEMENT_ID = 'messages';

export interface PageMessages {
  locale: AnyLocale;
  messages: Messages;
}

/** What the server wrote into the page (MESSAGES_ELEMENT_ID), or undefined when it wrote none. */
export function readMessagesFromPage(doc: Document = document): PageMessages | undefined {
  const text = doc.getElementById(MESSAGES_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<PageMessages>;
    if (typeof value.locale !== 'string' || typeof value.messages !== 'object' || value.messages === null) {
      return undefined;
    }
    return { locale: value.locale as AnyLocale, messages: value.messages };
  } catch {
    return undefined;
  }
}

const I18nContext = createContext<Translator | undefined>(undefined);

let fallbackTranslator: Translator | undefined;

/**
 * The translator a component gets outside any provider: the test set-up's English (src/web/test/setup.ts),
 * so a component test needs no wrapper. The app and the pages always have a provider.
 */
export function setFallbackTranslator(translator: Translator | undefined): void {
  fallbackTranslator = translator;
}

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <I18nContext value={translator}>{children}</I18nContext>;
}

/**
 * A text of a module outside React (the api client's fallbacks) in the page's language: `english` as
 * it is written there on an English page or where the page lacks the message, else the message of `key`.
 * The page's entries set the translator they render with (setFallbackTranslator).
 */
export function inPageLanguage(key: MessageKey, english: string): string {
  const translator = fallbackTranslator;
  if (!translator || translator.locale === 'en' || !translator.has(key)) return english;
  return translator.t(key);
}

/** The page's language for modules outside React (the public content's calls); undefined before the page set it. */
export const pageLocale = (): AnyLocale | undefined => fallbackTranslator?.locale;

/** The page's language and its messages (`const { t } = useI18n(); t('payments.title')`). */
export function useI18n(): Translator {
  const translator = useContext(I18nContext) ?? fallbackTranslator;
  if (!translator) throw new Error('No messages here: the tree has no I18nProvider.');
  return translator;
}

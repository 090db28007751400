import type { AnyLocale } from '../../shared/i18n/locales.js';
import { createTranslator, type Translator } from '../../shared/i18n/translator.js';
import { messagesFor } from '../../shared/messages/messages.js';

/** A language's translator as the app has it, for component tests (English unless named). */
export const testTranslator = (locale: AnyLocale = 'en'): Translator =>
  createTranslator(locale, messagesFor(locale));

const SHOWN_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'] as const;

/**
 * The texts of `root` a person sees or hears (text, labels, placeholders, titles, alternative
 * texts) that still hold plain English letters once `allowed` (the user data the test put on the
 * screen: names, titles, addresses) is taken out. Rendered in the pseudo-locale, where every catalog
 * letter is accented, each one is text that no catalog gave. Text marked with a language of its own
 * (`lang`, inside `root`: a language switcher's "Français") is meant to stay as it is.
 */
export function untranslatedTexts(root: ParentNode, allowed: readonly string[] = []): string[] {
  const pieces: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (parent && (parent.closest('script, style, template') || parent.closest('[hidden]'))) continue;
      const ownLanguage = parent?.closest('[lang]');
      if (ownLanguage && ownLanguage !== root && (root as Node).contains(ownLanguage)) continue;
      pieces.push(node.textContent ?? '');
    } else if (node instanceof Element) {
      for (const name of SHOWN_ATTRIBUTES) {
        const value = node.getAttribute(name);
        if (value) pieces.push(value);
      }
    }
  }
  const longestFirst = [...allowed].filter((text) => text !== '').sort((a, b) => b.length - a.length);
  return pieces
    .map((piece) => longestFirst.reduce((rest, text) => rest.split(text).join(' '), piece).trim())
    .filter((rest) => /[A-Za-z]{2,}/.test(rest));
}

/**
 * A text matcher for a sentence whose user data sits in its own element (a name in `<bdi>`, so it
 * keeps its direction inside a right-to-left sentence): the innermost element whose whole text it is.
 */
export const wholeText =
  (text: string) =>
  (_content: string, element: Element | null): boolean =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

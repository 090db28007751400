import type { APIRequestContext, Page } from '@playwright/test';
import { CONTENT_COLLECTION_NAMES } from '../../src/shared/api/content.js';
import { LOCALE_NAMES } from '../../src/shared/i18n/locales.js';

/**
 * "No English text" on a page in Arabic: text in Latin letters that is not the school's or its
 * people's own data (names, emails, class names, the website's records) is text that no Arabic
 * catalog gave. The data is known by where it came from: the JSON the page carries (settings,
 * island props; not its messages) and the answers of the API calls the page made, plus the public
 * content records for the server-rendered pages.
 */

/**
 * Fields of the API's answers that are fixed words of the contract, not anyone's data (a person's
 * `degination` is their own words: "Parent of Aisha, KG").
 */
const NOT_DATA_FIELDS = new Set(['type', 'status', 'gender', 'code', 'relationship', 'role']);

/**
 * Words a page in any language may show: each language's own name in the switcher, the names of
 * the social networks and of picture formats.
 */
const ALWAYS_ALLOWED: readonly string[] = [
  ...Object.values(LOCALE_NAMES),
  ...['Twitter', 'Facebook', 'Instagram', 'LinkedIn', 'YouTube', 'WhatsApp'],
  ...['JPEG', 'PNG', 'WebP', 'GIF', 'AVIF', 'PDF', 'CSV'],
  // The key that moves focus to the toasts, as the keyboard names it.
  'Alt+T',
];

function collectStrings(value: unknown, into: Set<string>, field?: string): void {
  if (typeof value === 'string') {
    if (!field || !NOT_DATA_FIELDS.has(field)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into, field);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) collectStrings(item, into, key);
  }
}

/** The user data a page showed: what the API answered it, from now on. */
export function recordUserData(page: Page): { strings: Set<string>; settled: () => Promise<void> } {
  const strings = new Set<string>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || !response.ok()) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    pending.push(
      response
        .json()
        .then((body: unknown) => collectStrings(body, strings))
        .catch(() => undefined),
    );
  });
  return { strings, settled: async () => void (await Promise.all(pending)) };
}

/**
 * The public site's content records (the school's own words, shown where no translation exists), its
 * settings and its calendar.
 */
export async function publicContentStrings(request: APIRequestContext): Promise<Set<string>> {
  const strings = new Set<string>();
  for (const collection of CONTENT_COLLECTION_NAMES) {
    const answer = await request.get(`/api/${collection}`);
    if (answer.ok()) collectStrings(await answer.json(), strings);
  }
  const settings = await request.get('/api/settings');
  if (settings.ok()) collectStrings(await settings.json(), strings);
  // The home page's school calendar: the principal's titles and the terms' names (decision 0088).
  const calendar = await request.get('/api/calendar/public');
  if (calendar.ok()) collectStrings(await calendar.json(), strings);
  return strings;
}

/**
 * The runs of Latin-letter text on the page (visible text, and the labels and placeholders that
 * assistive technology reads) that are none of `data`: each with where it was.
 */
export async function foreignTexts(page: Page, data: Iterable<string>): Promise<string[]> {
  const known = [...data, ...ALWAYS_ALLOWED];
  return page.evaluate((corpusParts) => {
    const corpus = corpusParts.join('\n');
    // The JSON the page carries (settings, island props), its messages aside.
    const carried = [
      ...[...document.querySelectorAll('script[type="application/json"]')]
        .filter((script) => script.id !== 'messages')
        .map((script) => script.textContent ?? ''),
      ...[...document.querySelectorAll<HTMLElement>('[data-props]')].map(
        (island) => island.dataset.props ?? '',
      ),
    ].join('\n');
    const phrase = /[A-Za-z][A-Za-z0-9'’&@._/+-]*(?:[ \u00a0]+[A-Za-z0-9'’&@._/+-]+)*/g;
    // A person's initials (the avatar's "OT" for Omar Teacher).
    const initials = new Set(
      corpusParts
        .flatMap((part) => {
          const words = part.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
          const first = words[0]?.[0] ?? '';
          return words.length > 1 ? [`${first}${words[1]?.[0]}`, `${first}${words.at(-1)?.[0]}`] : [first];
        })
        .map((letters) => letters.toUpperCase()),
    );
    const isDataPiece = (text: string): boolean =>
      corpus.includes(text) ||
      initials.has(text) ||
      carried.includes(text) ||
      /^\S+@\S+\.\S+$/.test(text) ||
      /^(https?:\/\/|www\.)/.test(text) ||
      !/[A-Za-z]{2}/.test(text);
    // Data may sit beside data ("Sunny Meadows Kids School. All rights reserved"): each piece counts.
    const isData = (text: string): boolean =>
      isDataPiece(text) ||
      text
        .split(/[.,;:!?()]\s*/)
        .filter((piece) => piece.trim() !== '')
        .every((piece) => isDataPiece(piece.trim()));
    const found: string[] = [];
    const check = (text: string, where: string): void => {
      for (const match of text.matchAll(phrase)) {
        // A possessive's apostrophe ("Aisha Rahman’s") belongs to the message around the name.
        const run = match[0].replace(/[.,’']+$/, '');
        if (!isData(run)) found.push(`${where}: "${run}" in "${text.trim().slice(0, 80)}"`);
      }
    };
    const describe = (element: Element): string =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.classList.length > 0 ? `.${[...element.classList].slice(0, 2).join('.')}` : ''
      }`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      check(node.textContent ?? '', describe(parent));
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!element.checkVisibility({ visibilityProperty: true }) && element.tagName !== 'IMG') continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) check(value, `${describe(element)}[${attribute}]`);
      }
    }
    return [...new Set(found)];
  }, known);
}

import type { APIRequestContext, Page, Response } from '@playwright/test';
import { type ChildForNavigation, schoolNavigationOf } from '../src/shared/app-navigation.js';
import { USER_TYPE } from '../src/shared/constants.js';
import { CONTENT_COLLECTION_NAMES } from '../src/shared/content-records.js';
import { PUBLIC_ROUTE_PATTERNS } from '../src/shared/routes.js';
import { expect, test } from './support/fixtures.js';

/**
 * Every screen in the pseudo-locale (docs/decisions/0069-pseudo-locale-walk.md): the e2e server lets
 * `Accept-Language: en-XA` ask for it (PSEUDO_LOCALE), where every catalog letter is accented. Any
 * text a person sees or hears that still holds two plain English letters in a row did not come from a
 * catalog, unless it is the school's data: what the API answered (names, classes, content, the
 * settings) or a date's English month and day names (the pseudo-locale formats dates as English).
 */

const ACCOUNTS = {
  student: 'student@demo.school',
  teacher: 'teacher@demo.school',
  principal: 'principal@demo.school',
  parent: 'parent@demo.school',
} as const;

/** The screens reached from another screen rather than the navigation; `{me}` is the user's id. */
const MORE_SCREENS: Record<keyof typeof ACCOUNTS, string[]> = {
  student: ['/result-summary/{me}', '/profile'],
  teacher: ['/send-notification', '/final-results', '/profile'],
  principal: ['/student-class', '/approvals', '/import-pupils', '/guardians', '/blog-comments', '/profile'],
  parent: ['/profile'],
};

test.use({
  locale: 'en-XA',
  extraHTTPHeaders: { 'Accept-Language': 'en-XA' },
  viewport: { width: 1280, height: 900 },
});

/** Every string (and number) in a JSON answer: the school's data, shown as it is in any language. */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.trim().length > 1) into.add(value.trim());
    for (const line of value.split(/\n+/)) if (line.trim().length > 1) into.add(line.trim());
  } else if (typeof value === 'number') into.add(String(value));
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
}

/** The school's data a page may show: the API's answers while it loads, and the public content. */
async function collectData(page: Page, request: APIRequestContext): Promise<Set<string>> {
  const data = new Set<string>();
  for (const name of ['settings', ...CONTENT_COLLECTION_NAMES, 'blog-comments']) {
    const answer = await request.get(`/api/${name}`);
    if (answer.ok()) stringsOf(await answer.json(), data);
  }
  page.on('response', async (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    stringsOf(await response.json().catch(() => undefined), data);
  });
  return data;
}

/** English month and day names, long and short, as the pseudo-locale's dates show them. */
const DATE_WORDS = (() => {
  const words = new Set<string>();
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 15));
    for (const width of ['long', 'short'] as const) {
      words.add(date.toLocaleString('en', { month: width, timeZone: 'UTC' }));
      words.add(date.toLocaleString('en', { weekday: width, timeZone: 'UTC' }));
    }
  }
  for (const day of [1, 2, 3, 4, 5, 6, 7]) {
    const date = new Date(Date.UTC(2026, 1, day));
    words.add(date.toLocaleString('en', { weekday: 'narrow', timeZone: 'UTC' }));
  }
  words.add('AM');
  words.add('PM');
  return [...words];
})();

/** What the page shows or says (text, labels, placeholders, titles, alternative texts), in pieces. */
const shownTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const pieces: string[] = [];
    const pageLanguage = document.documentElement.lang;
    const seen = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true }) &&
      !element.closest('script, style, noscript, template, [hidden]');
    // A text marked with a language of its own (a language's name in a switcher) stays as it is.
    const ownLanguage = (element: Element) => {
      const marked = element.closest('[lang]');
      return marked !== null && marked.getAttribute('lang') !== pageLanguage;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (parent && seen(parent) && !ownLanguage(parent) && node.textContent?.trim()) {
          pieces.push(node.textContent.trim());
        }
      } else if (node instanceof Element && !ownLanguage(node)) {
        for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
          const value = node.getAttribute(name);
          if (value?.trim()) pieces.push(value.trim());
        }
      }
    }
    pieces.push(document.title);
    return pieces;
  });

/** Names of other companies' services, the same in every language. */
const BRAND_NAMES = ['Twitter', 'Facebook', 'Instagram', 'LinkedIn'];

/**
 * The shown texts with plain English words once the school's data and dates are taken out. A
 * catalog message (the pseudo-locale brackets it: ⟦…⟧) may hold a shortened piece of the data (a
 * message's first line): there, a word the data holds is data.
 */
async function untranslated(page: Page, data: Set<string>): Promise<string[]> {
  const allowed = [...data, ...DATE_WORDS, ...BRAND_NAMES].sort((a, b) => b.length - a.length);
  const dataWords = new Set([...data].flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []));
  const found = new Set<string>();
  for (const piece of await shownTexts(page)) {
    let rest = piece;
    for (const text of allowed) if (rest.includes(text)) rest = rest.split(text).join(' ');
    // E-mail addresses, web addresses and file names are data too; so are a person's initials.
    rest = rest
      .replace(/\S+@\S+|https?:\/\/\S+|\S+\.(png|jpe?g|webp|pdf|csv|ics)\b/gi, ' ')
      .replace(/^[A-Z]{1,3}$/, ' ');
    const words = rest.match(/[A-Za-z]{2,}/g) ?? [];
    const fromCatalog = piece.includes('⟦');
    if (words.some((word) => !(fromCatalog && dataWords.has(word)))) found.add(piece);
  }
  return [...found];
}

/** The page has arrived: a heading, no loading frame or spinner, the network quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(
    page.locator('.page-fallback, [role="status"] .spinner-border, [aria-busy="true"]'),
  ).toHaveCount(0);
}

test('the public pages in the pseudo-locale show no text that no catalog gave', async ({ page, request }) => {
  test.setTimeout(120_000);
  const data = await collectData(page, request);
  const found: Record<string, string[]> = {};
  for (const route of PUBLIC_ROUTE_PATTERNS) {
    await page.goto(route);
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    const texts = await untranslated(page, data);
    if (texts.length > 0) found[route] = texts;
  }
  expect(found).toEqual({});
});

for (const [who, email] of Object.entries(ACCOUNTS) as [keyof typeof ACCOUNTS, string][]) {
  test(`a ${who}'s screens in the pseudo-locale show no text that no catalog gave`, async ({
    page,
    request,
    logInAs,
  }) => {
    const token = await logInAs(email);
    const headers = { Authorization: `Bearer ${token}` };
    const data = await collectData(page, request);
    const me = await request.get('/api/users/profile', { headers });
    stringsOf(await me.json(), data);
    const { id } = ((await me.json()) as { results: { id: number } }).results;
    let children: ChildForNavigation[] = [];
    if (who === 'parent') {
      const answer = await request.get('/api/family/children', { headers });
      children = ((await answer.json()) as { data: ChildForNavigation[] }).data;
    }
    const navigation = schoolNavigationOf(USER_TYPE[who], children);
    const routes = [
      ...new Set([
        '/dashboard',
        ...navigation.sections.flatMap((section) => section.places.map((place) => place.href)),
        ...MORE_SCREENS[who].map((route) => route.replace('{me}', String(id))),
      ]),
    ];
    test.setTimeout(30_000 + routes.length * 6_000);
    const found: Record<string, string[]> = {};
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      const texts = await untranslated(page, data);
      if (texts.length > 0) found[route] = texts;
    }
    expect(found).toEqual({});
  });
}

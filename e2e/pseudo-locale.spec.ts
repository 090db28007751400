import type { APIRequestContext, Page } from '@playwright/test';
import { PUPIL_IMPORT_COLUMNS, PUPIL_IMPORT_GUARDIAN_COLUMNS } from '../src/shared/api/school-admin.js';
import { type ChildForNavigation, schoolNavigationOf } from '../src/shared/app-navigation.js';
import { USER_TYPE } from '../src/shared/constants.js';
import { PUBLIC_ROUTE_PATTERNS } from '../src/shared/routes.js';
import { DEMO_ACCOUNTS, expect, test } from './support/fixtures.js';
import { foreignTexts, publicContentStrings, recordUserData } from './support/foreign-text.js';

/**
 * Every screen in the pseudo-locale (docs/decisions/0069-pseudo-locale-walk.md): the e2e server lets
 * `Accept-Language: en-XA` ask for it (PSEUDO_LOCALE), where every catalog letter is accented. Any
 * text a person sees or hears in plain Latin letters did not come from a catalog, unless it is the
 * school's data (e2e/support/foreign-text.ts: what the API answered, the content, the settings), a
 * date's English month and day names (the pseudo-locale formats dates as English) or a file's column
 * names.
 */

/** The screens reached from another screen rather than the navigation; `{me}` is the user's id. */
const MORE_SCREENS: Record<keyof typeof DEMO_ACCOUNTS, string[]> = {
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

/**
 * English month and day names, long and short, alone and with a year, as the pseudo-locale's
 * dates show them.
 */
const DATE_WORDS = (() => {
  const words = new Set<string>(['AM', 'PM']);
  const thisYear = new Date().getUTCFullYear();
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 15));
    for (const width of ['long', 'short'] as const) {
      const name = date.toLocaleString('en', { month: width, timeZone: 'UTC' });
      words.add(name);
      // Birth dates too: a parent's year of birth may be fifty years back.
      for (let year = thisYear - 80; year <= thisYear + 3; year += 1) words.add(`${name} ${year}`);
    }
  }
  for (let day = 1; day <= 7; day += 1) {
    const date = new Date(Date.UTC(2026, 1, day));
    for (const width of ['long', 'short'] as const) {
      words.add(date.toLocaleString('en', { weekday: width, timeZone: 'UTC' }));
    }
  }
  return [...words];
})();

/**
 * Words a pupil import's lead names as they must be written in the file (its columns), the same in
 * every language.
 */
const FILE_COLUMNS = [...PUPIL_IMPORT_COLUMNS, ...PUPIL_IMPORT_GUARDIAN_COLUMNS];

/**
 * The Latin-letter text on the page that is not the school's data (e2e/support/foreign-text.ts):
 * in the pseudo-locale every catalog letter is accented, so each is text no catalog gave.
 */
async function untranslated(page: Page, data: Iterable<string>): Promise<string[]> {
  return foreignTexts(page, [...data, ...FILE_COLUMNS, ...DATE_WORDS]);
}

/** The page has arrived: a heading, no loading frame or spinner, the network quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(
    page.locator('.page-fallback, [role="status"] .spinner-border, [aria-busy="true"]'),
  ).toHaveCount(0);
}

/**
 * Opens each route in turn and answers, by route, the texts no catalog gave (none where all came
 * from one): the public content, and whatever the API answered the page, counts as the school's data.
 */
async function untranslatedOnEach(
  page: Page,
  request: APIRequestContext,
  routes: readonly string[],
): Promise<Record<string, string[]>> {
  const content = await publicContentStrings(request);
  const data = recordUserData(page);
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    await data.settled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    const texts = await untranslated(page, [...content, ...data.strings]);
    if (texts.length > 0) found[route] = texts;
  }
  return found;
}

test('the public pages in the pseudo-locale show no text that no catalog gave', async ({ page, request }) => {
  test.setTimeout(120_000);
  expect(await untranslatedOnEach(page, request, PUBLIC_ROUTE_PATTERNS)).toEqual({});
});

for (const [who, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
  test(`a ${who}'s screens in the pseudo-locale show no text that no catalog gave`, async ({
    page,
    request,
    logInAs,
  }) => {
    const token = await logInAs(email);
    const headers = { Authorization: `Bearer ${token}` };
    const me = await request.get('/api/users/profile', { headers });
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
    expect(await untranslatedOnEach(page, request, routes)).toEqual({});
  });
}

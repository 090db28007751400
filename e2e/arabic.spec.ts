import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { SESSION_COOKIE, USER_TYPE } from '../src/shared/constants.js';
import { blockingViolations } from './support/axe.js';
import { makeFeesFamily } from './support/fees-data.js';
import { expect, test } from './support/fixtures.js';
import { foreignTexts, publicContentStrings, recordUserData } from './support/foreign-text.js';
import { samplePng } from './support/forms.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * The product in Arabic (docs/decisions/0066-right-to-left.md): a visitor on the /ar addresses and
 * signed-in users whose language is Arabic get pages that are right to left (`dir="rtl"`,
 * `lang="ar"`), show no text in Latin letters but their people's own data, and have no serious axe
 * violation, at a phone's width and a desk's. The accounts are the test's own, so no other spec's
 * demo user changes language.
 */

const arabic = (area: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join('src/shared/messages', area, 'ar.json'), 'utf8')) as Record<
    string,
    string
  >;
const AR = { accounts: arabic('accounts'), common: arabic('common') };

/** Waits for the screen's content (its heading, no spinner) and the network to settle. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.page-fallback, [role="status"] .spinner-border')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** The page is Arabic, right to left, says nothing in English and passes axe. */
async function expectArabicPage(page: Page, route: string, data: Iterable<string>): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  // Soft: the flow goes on, so one run reports every screen's English and violations.
  expect.soft(await foreignTexts(page, data), `text in English on ${route}`).toEqual([]);
  const width = page.viewportSize()?.width ?? 0;
  expect.soft(await blockingViolations(page, route, width), `axe on ${route} at ${width} px`).toEqual([]);
}

/** Chooses Arabic for a signed-in user, as the language menu does. */
async function chooseArabic(request: APIRequestContext, token: string): Promise<void> {
  const chosen = await request.put('/api/users/language', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'ar' },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
}

for (const width of [375, 1280]) {
  test.describe(`in Arabic at ${width} px`, () => {
    // The site's CSP (script-src 'self') rightly refuses the injected axe script; these scans bypass it.
    test.use({ viewport: { width, height: 900 }, bypassCSP: true });
    test.describe.configure({ timeout: 90_000 });

    test('the public home page /ar', async ({ page, request }) => {
      const content = await publicContentStrings(request);
      await page.goto('/ar');
      await expectIslandsHydrated(page);
      await settled(page);
      await expectArabicPage(page, '/ar', content);
    });

    test('registration on /ar/registation', async ({ page, request }) => {
      const content = await publicContentStrings(request);
      await page.goto('/ar/registation');
      await expectIslandsHydrated(page);
      await settled(page);
      await expectArabicPage(page, '/ar/registation', content);

      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const form = page.getByRole('form', { name: AR.accounts['registration.title'] });
      await form.locator('[name="name"]').fill(`Layla Haddad ${stamp}`);
      await form.locator('[name="designation"]').fill('تلميذة، الصف الأول');
      await form.locator('[name="description"]').fill('تحب الرسم والأرجوحة.');
      await form.locator('[name="type"]').selectOption(USER_TYPE.student);
      await form.locator('[name="gender"][value="Female"]').check();
      await form.locator('[name="dob"]').fill('2019-05-04');
      await form.locator('[name="contact"]').fill('+971 50 555 0100');
      await form.locator('[name="address"]').fill('٤ شارع الزيتون، دبي');
      await form.locator('[name="email"]').fill(`layla.${stamp}@example.com`);
      await form.locator('[name="password"]').fill(`zaytoun-${stamp}`);
      await form.locator('[name="images"]').setInputFiles({
        name: 'layla.png',
        mimeType: 'image/png',
        buffer: samplePng(),
      });
      await form.getByRole('button', { name: AR.accounts['registration.submit'], exact: true }).click();
      await expect(form.getByRole('status')).toContainText(AR.common['toast.registered'] ?? '');
      await expectArabicPage(page, '/ar/registation (registered)', content);
    });

    test('a parent logs in on /ar/login, then their dashboard and fees', async ({
      page,
      request,
      tokenFor,
    }) => {
      const stamp = `${width}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
      const family = await makeFeesFamily(request, await tokenFor('principal@demo.school'), stamp);
      const login = await request.post('/api/users/login', { data: family.parent });
      await chooseArabic(request, ((await login.json()) as { token: string }).token);

      const content = await publicContentStrings(request);
      await page.goto('/ar/login');
      await expectIslandsHydrated(page);
      await settled(page);
      await expectArabicPage(page, '/ar/login', content);

      const data = recordUserData(page);
      const form = page.getByRole('form', { name: AR.accounts['login.title'] });
      await form.locator('[name="email"]').fill(family.parent.email);
      await form.locator('[name="password"]').fill(family.parent.password);
      await form.getByRole('button', { name: AR.accounts['login.submit'], exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      await settled(page);
      await data.settled();
      await expectArabicPage(page, '/dashboard (parent)', [...data.strings, ...content]);

      await page.goto('/fees');
      await settled(page);
      await data.settled();
      await expectArabicPage(page, '/fees (parent)', [...data.strings, ...content]);
    });

    test('a teacher’s Today screen', async ({ page, request, context, baseURL, ownAccount }) => {
      const teacher = await ownAccount(USER_TYPE.teacher, 'Omar Teacher');
      const login = await request.post('/api/users/login', {
        data: { email: teacher.email, password: teacher.password },
      });
      const { token } = (await login.json()) as { token: string };
      await chooseArabic(request, token);
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url: String(baseURL) }]);

      const data = recordUserData(page);
      await page.goto('/today');
      await settled(page);
      await data.settled();
      await expectArabicPage(page, '/today (teacher)', data.strings);
    });
  });
}

test.describe('the Arabic font (docs/decisions/0076-an-arabic-web-font.md)', () => {
  /** The address of every Arabic font file the page fetches. */
  function arabicFontRequests(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('ibm-plex-sans-arabic')) urls.push(request.url());
    });
    return urls;
  }

  /** Each label of the public bar: its top and height, in the bar as laid out. */
  const barLabels = (page: Page) =>
    page
      .locator('.site-nav .navbar-nav > li > .nav-link')
      .evaluateAll((links) =>
        links.map((link) => link.getBoundingClientRect()).map(({ top, height }) => ({ top, height })),
      );

  for (const width of [992, 1280]) {
    test(`/ar at ${width} px: Arabic letters in IBM Plex Sans Arabic, every bar label on one line`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const fonts = arabicFontRequests(page);
      await page.goto('/ar');
      await page.waitForLoadState('networkidle');
      expect(fonts.length).toBeGreaterThan(0);
      expect(
        await page.evaluate(() => document.fonts.check('700 16px "IBM Plex Sans Arabic"', 'الرئيسية')),
      ).toBe(true);

      const labels = await barLabels(page);
      expect(labels.length).toBeGreaterThan(5);
      const lineHeight = Math.min(...labels.map((label) => label.height));
      const firstTop = Math.min(...labels.map((label) => label.top));
      for (const label of labels) {
        // One line: the same height and row as the shortest label.
        expect(label.height).toBeLessThan(lineHeight * 1.5);
        expect(label.top - firstTop).toBeLessThan(2);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('an English page fetches no Arabic font', async ({ page }) => {
    const fonts = arabicFontRequests(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(fonts).toEqual([]);
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { type ChildForNavigation, schoolNavigationOf } from '../src/shared/app-navigation.js';
import { USER_TYPE } from '../src/shared/constants.js';
import { bannerTitleFor } from '../src/shared/screens.js';
import { blockingViolations } from './support/axe.js';
import { DEMO_ACCOUNTS, expect, test } from './support/fixtures.js';

/**
 * The school area's app shell (docs/decisions/0051-app-shell.md), against the built server and the
 * demo school: for each account type, on a phone (bottom bar and More) and on a desktop (side
 * navigation), every place its navigation offers (all that shared/app-navigation.ts gives the type,
 * the pupil's and a parent's children's included) is reached through the navigation itself, shows
 * the contract's title for its path (docs/contract/product.md#banner-titles), and has no serious or
 * critical axe violation. Lists that turn into cards on a phone are scanned with their rows shown.
 */

const NAV = 'nav[aria-label="School area"]';

/** The hrefs of the links inside `selector`, in order. */
const hrefsIn = (page: Page, selector: string): Promise<string[]> =>
  page
    .locator(`${selector} a[href]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

/**
 * Every place the contract's navigation (shared/app-navigation.ts) gives `who`, a parent's children's
 * too: what the walk must reach, so a place the shell left out fails it.
 */
async function placesOf(request: APIRequestContext, who: keyof typeof DEMO_ACCOUNTS, token: string) {
  let children: ChildForNavigation[] = [];
  if (who === 'parent') {
    const answer = await request.get('/api/family/children', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.ok()).toBe(true);
    children = ((await answer.json()) as { data: ChildForNavigation[] }).data;
    expect(children.length).toBeGreaterThan(0);
  }
  const navigation = schoolNavigationOf(USER_TYPE[who], children);
  return new Set(navigation.sections.flatMap((section) => section.places.map((place) => place.href)));
}

/**
 * A walk's time: each place is a navigation and an axe scan, several seconds on a busy 2-core machine
 * (the principal's 23 places, the Results list of every pupil among them, outgrow a flat minute).
 */
const timeFor = (places: number): number => 30_000 + places * 8_000;

/** The screen has arrived: its title, no loading frame, no spinner. */
async function expectScreenShown(page: Page, href: string): Promise<void> {
  const pathname = new URL(href, 'http://x').pathname;
  await expect(page).toHaveURL((url) => url.pathname === pathname);
  const title = bannerTitleFor(pathname);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(
    page.locator('.page-fallback, [role="status"] .spinner-border, [aria-busy="true"]'),
  ).toHaveCount(0);
}

for (const [who, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
  test.describe(`${who}'s navigation`, () => {
    test.use({ bypassCSP: true });

    test('at 1280 px: the side navigation reaches every place, each axe-clean', async ({
      page,
      request,
      logInAs,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const token = await logInAs(email);
      await page.goto('/dashboard');
      const nav = page.locator(NAV);
      await expect(nav).toBeVisible();
      // No bottom bar, no marketing frame.
      await expect(page.locator(NAV)).toHaveCount(1);
      await expect(page.getByText('Newsletter', { exact: true })).toHaveCount(0);
      // A parent's places come with their children, after the frame: wait for every one.
      const expected = await placesOf(request, who, token);
      await expect.poll(async () => new Set(await hrefsIn(page, NAV))).toEqual(expected);
      const places = await hrefsIn(page, NAV);
      expect(places.length).toBeGreaterThanOrEqual(who === 'parent' ? 3 : 5);
      test.setTimeout(timeFor(places.length));

      const found: Record<string, string[]> = {};
      for (const href of places) {
        await nav.locator(`a[href="${href}"]`).click();
        await expectScreenShown(page, href);
        await expect(nav.locator(`a[href="${href}"]`)).toHaveAttribute('aria-current', 'page');
        const blocking = await blockingViolations(page, href, 1280);
        if (blocking.length > 0) found[href] = blocking;
      }
      expect(found).toEqual({});
    });

    test('at 375 px: the bottom bar and More reach every place, each axe-clean', async ({
      page,
      request,
      logInAs,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const token = await logInAs(email);
      await page.goto('/dashboard');
      const bar = page.locator(NAV);
      await expect(bar).toBeVisible();
      // The bar's places come with the user (and a parent's children), after the frame.
      await expect(bar.locator('a[href]').nth(2)).toBeVisible();
      const onBar = await hrefsIn(page, NAV);
      expect(onBar.length).toBeGreaterThanOrEqual(3);
      expect(onBar.length).toBeLessThanOrEqual(5);

      const more = bar.getByRole('button', { name: 'More' });
      await more.click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      await expect(sheet).toBeVisible();
      const expected = await placesOf(request, who, token);
      await expect
        .poll(async () => new Set([...onBar, ...(await hrefsIn(page, '[role="dialog"]'))]))
        .toEqual(expected);
      const inMore = await hrefsIn(page, '[role="dialog"]');
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect(sheet).toBeHidden();
      await expect(more).toBeFocused();

      test.setTimeout(timeFor(onBar.length + inMore.length));
      const found: Record<string, string[]> = {};
      for (const href of [...onBar, ...inMore]) {
        if (onBar.includes(href)) {
          await bar.locator(`a[href="${href}"]`).click();
        } else {
          await bar.getByRole('button', { name: 'More' }).click();
          await page.getByRole('dialog', { name: 'More' }).locator(`a[href="${href}"]`).click();
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
        await expectScreenShown(page, href);
        const blocking = await blockingViolations(page, href, 375);
        if (blocking.length > 0) found[href] = blocking;
      }
      expect(found).toEqual({});
    });
  });
}

test.describe('lists read as cards on a phone, axe-clean with their rows shown', () => {
  test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } });

  test("a pupil's results list at 375 px", async ({ page, logInAs }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logInAs(DEMO_ACCOUNTS.student);
    await page.goto('/results');
    await expectScreenShown(page, '/results');
    const main = page.getByRole('main');
    await expect(main.locator('tbody tr').first()).toBeVisible();
    await expect(main.getByText('Mathematics', { exact: true })).toBeVisible();
    expect(await blockingViolations(page, '/results', 375)).toEqual([]);
  });

  test("the principal's Outbox at 375 px", async ({ page, logInAs, ownAccount }) => {
    // Approving an account of its own mails it: a row in the Outbox whatever else ran before.
    const account = await ownAccount(USER_TYPE.teacher, 'Outbox Reader');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logInAs(DEMO_ACCOUNTS.principal);
    await page.goto('/outbox');
    await expectScreenShown(page, '/outbox');
    await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
    expect(await blockingViolations(page, '/outbox', 375)).toEqual([]);
  });
});

test('the title bar names the school and the user, and LogOut ends the session', async ({
  page,
  logInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(DEMO_ACCOUNTS.teacher);
  await page.goto('/today');
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(bar.getByText(/Logged in as/)).toBeAttached();
  await bar.getByRole('button', { name: 'LogOut' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Back on a public page: the site's own navigation again.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

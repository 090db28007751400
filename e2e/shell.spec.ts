import { SESSION_COOKIE } from '../src/shared/constants.js';
import { PUBLIC_ROUTE_PATTERNS, SCHOOL_ROUTE_PATTERNS, SCHOOL_ROUTE_PREFIXES } from '../src/shared/routes.js';
import { BANNER_TITLES } from '../src/shared/screens.js';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated } from './support/islands.js';

/** Every public page but home, which has a banner of its own (tested below). */
const PUBLIC_ROUTES = PUBLIC_ROUTE_PATTERNS.filter((route) => route !== '/');

test.describe('the public site shell', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} renders the navigation, its banner title and the footer`, async ({ page }) => {
      await page.goto(route);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
      const title = BANNER_TITLES[route.slice(1)];
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Newsletter');
    });
  }

  test('home shows the banner from the home content', async ({ page, request }) => {
    const home = (await (await request.get('/api/home')).json()) as { data: { heading2: string }[] };
    const expected = home.data[0]?.heading2 ?? '';
    expect(expected).not.toBe('');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('without the cookie the navigation offers Registation, not LogOut', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Registation' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'LogOut' })).toHaveCount(0);
  });
});

test.describe('authenticated routes', () => {
  for (const prefix of SCHOOL_ROUTE_PREFIXES) {
    test(`/${prefix} without the cookie lands on /login`, async ({ page }) => {
      // A prefix whose only screens take an id (/care/:id, /result-summary/:id) is opened with one.
      const needsId = !SCHOOL_ROUTE_PATTERNS.includes(`/${prefix}` as (typeof SCHOOL_ROUTE_PATTERNS)[number]);
      await page.goto(needsId ? `/${prefix}/1` : `/${prefix}`);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    });
  }

  test('/student-attendence/3 without the cookie lands on /login', async ({ page }) => {
    await page.goto('/student-attendence/3');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an empty cookie counts as logged out', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: SESSION_COOKIE, value: '', url: String(baseURL) }]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('with the cookie the nav shows Dashboard and a red LogOut that ends the session', async ({
    page,
    context,
    logInAs,
  }) => {
    await logInAs('student2@demo.school');
    // The public pages' navigation (the school area has its own title bar: app-navigation.spec.ts).
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const logout = nav.getByRole('button', { name: 'LogOut' });
    await expect(logout).toBeVisible();
    await expect(logout).toHaveCSS('background-color', /rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/);
    await logout.click();
    await expect(page).toHaveURL(/\/login$/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === SESSION_COOKIE && c.value !== '')).toBeUndefined();
  });
});

test('on a small screen the navigation is a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/about');
  // The menu button works once the navigation's island has hydrated.
  await expectIslandsHydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: /menu/i });
  await expect(toggle).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Gallery' })).toBeHidden();
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Gallery' })).toBeVisible();
});

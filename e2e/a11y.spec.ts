import { schoolNavigationOf } from '../src/shared/app-navigation.js';
import { USER_TYPE } from '../src/shared/constants.js';
import { isServerRenderedPath } from '../src/shared/page-rendering.js';
import { PUBLIC_ROUTE_PATTERNS } from '../src/shared/routes.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * An axe-core scan of every public page (docs/contract/product.md#public-routes), and of the school screens
 * each account type works in, once their content has arrived: no violation of impact 'serious' or 'critical'
 * is allowed. Failures print each violation and where it is.
 */

const PUBLIC_PAGES = PUBLIC_ROUTE_PATTERNS;

/**
 * School screens per demo log-in; `{me}` is the logged-in user's id. Those the account's navigation
 * offers are scanned at 375 and 1280 px by the navigation walk (app-navigation.spec.ts); this file
 * scans the rest, the screens reached from another screen (a pupil's result summary).
 */
const LISTED_SCHOOL_SCREENS: Record<'student' | 'teacher' | 'principal', string[]> = {
  student: ['/dashboard', '/results', '/result-summary/{me}', '/notification', '/attendance-report'],
  teacher: ['/marks', '/send-notification', '/student-attendence', '/final-results', '/today'],
  principal: [
    '/school-setup',
    '/student-class',
    '/approvals',
    '/import-pupils',
    '/guardians',
    '/today',
    '/blog-comments',
  ],
};

const navigationOf = (who: keyof typeof LISTED_SCHOOL_SCREENS): Set<string> => {
  const navigation = schoolNavigationOf(USER_TYPE[who]);
  return new Set([...navigation.bar, ...navigation.sections.flatMap((s) => s.places)].map((p) => p.href));
};
const SCHOOL_SCREENS = Object.fromEntries(
  Object.entries(LISTED_SCHOOL_SCREENS)
    .map(([who, routes]) => {
      const walked = navigationOf(who as keyof typeof LISTED_SCHOOL_SCREENS);
      return [who, routes.filter((route) => !walked.has(route))] as const;
    })
    .filter(([, routes]) => routes.length > 0),
);

test.describe('accessibility of the school screens', () => {
  test.use({ viewport: { width: 1280, height: 900 }, bypassCSP: true });

  for (const [who, routes] of Object.entries(SCHOOL_SCREENS)) {
    test(`${who}: ${routes.join(', ')} have no serious or critical axe violation`, async ({
      page,
      request,
      logInAs,
    }) => {
      const token = await logInAs(`${who}@demo.school`);
      const me = await request.get('/api/users/profile', { headers: { Authorization: `Bearer ${token}` } });
      const { id } = ((await me.json()) as { results: { id: number } }).results;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: Record<string, string[]> = {};
      for (const route of routes.map((r) => r.replace('{me}', String(id)))) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.page-fallback, [role="status"] .spinner-border')).toHaveCount(0);
        const blocking = await blockingViolations(page, route, 1280);
        if (blocking.length > 0) found[route] = blocking;
      }
      expect(found).toEqual({});
    });
  }
});

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    // The site's CSP (script-src 'self') rightly refuses the injected axe script; only these scans bypass it.
    test.use({ viewport: { width, height: 900 }, bypassCSP: true });

    for (const route of PUBLIC_PAGES) {
      test(`${route} has no serious or critical axe violation`, async ({ page }) => {
        // A still carousel and no transitions: the scan sees a page at rest.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.locator('.page-fallback')).toHaveCount(0);
        // A page the server renders is scanned once its islands run; the others are the app's.
        if (isServerRenderedPath(route)) await expectIslandsHydrated(page);

        expect(await blockingViolations(page, route, width)).toEqual([]);
      });
    }
  });
}

import { expect, type Page } from '@playwright/test';

/**
 * The islands of a server-rendered public page (docs/decisions/0042-react-islands.md): elements with
 * `data-island`, each hydrated as a React root of its own by the islands entry (src/web/site.tsx),
 * which marks one `data-island-hydrated` once its root has committed and its effects have run.
 */
export const ISLAND = '[data-island]';
export const HYDRATED_ISLAND = '[data-island][data-island-hydrated]';

/**
 * Waits until every island of the page is hydrated: before that a click on an island's control does
 * what the server's HTML does without JavaScript (a form is posted, a button does nothing). An island
 * hydrated when it comes near the screen (`data-island-when="visible"`, docs/decisions/0097-islands-hydrated-when-seen.md)
 * is brought into view first, one at a time, and the page is scrolled back to its top.
 */
export async function expectIslandsHydrated(page: Page): Promise<void> {
  // Every public page has at least its navigation and its toasts as islands.
  await expect(page.locator(ISLAND).first()).toBeAttached();
  const whenSeen = page.locator(`${ISLAND}[data-island-when="visible"]`);
  for (const island of await whenSeen.all()) {
    // The island's element has no box (display: contents): what it holds is scrolled to.
    await island.evaluate((element) => element.firstElementChild?.scrollIntoView({ block: 'center' }));
    await expect(island).toHaveAttribute('data-island-hydrated', '');
  }
  if ((await whenSeen.count()) > 0) await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator(`${ISLAND}:not([data-island-hydrated])`)).toHaveCount(0);
}

import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';

/**
 * docs/decisions/0016-phone-layout.md: at 375 px every tile of every account type's dashboard, and the
 * screens one step behind them that hold tables (a class's pupils, a pupil's results and mark sheet, a
 * class's week, an attendance report), read fully: no table or table box wider than its container, no cell
 * whose text is cut off, and no page that scrolls sideways.
 */

const ACCOUNTS = ['student@demo.school', 'teacher@demo.school', 'principal@demo.school'] as const;

interface Overflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Runs in the page: everything on it that is wider than the room it has. */
function overflowsOnPage(): Overflow[] {
  const found: Overflow[] = [];
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '')
      .trim()
      .slice(0, 40)}"`;
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) {
    found.push({ what: 'the page', scrollWidth: root.scrollWidth, clientWidth: root.clientWidth });
  }
  for (const box of document.querySelectorAll('.school-table-wrap')) {
    if (box.scrollWidth > box.clientWidth + 1) {
      found.push({
        what: `table box ${name(box)}`,
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
      });
    }
  }
  for (const table of document.querySelectorAll('table')) {
    const container = table.parentElement;
    if (!container) continue;
    const room = container.getBoundingClientRect().width;
    const width = table.getBoundingClientRect().width;
    if (width > room + 1) found.push({ what: `table ${name(table)}`, scrollWidth: width, clientWidth: room });
  }
  // Text cut off: a cell (or anything in it) that clips what it holds.
  for (const cell of document.querySelectorAll('td, th, td *, th *')) {
    const style = getComputedStyle(cell);
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (clips && cell.scrollWidth > cell.clientWidth + 1 && !cell.closest('.visually-hidden, thead')) {
      found.push({
        what: `cut text ${name(cell)}`,
        scrollWidth: cell.scrollWidth,
        clientWidth: cell.clientWidth,
      });
    }
  }
  return found;
}

/** Opens a screen, waits for its data, and answers what overflows on it. */
async function overflowsAt(page: Page, path: string): Promise<Overflow[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.page-progress--active')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate(overflowsOnPage);
}

/** Links one step behind a screen that lead to more tables (View, Result, mark sheet, report). */
async function linksBehind(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const deeper =
    /^\/(student-list|studentresult|result-summary|student-profile|student-attendence|mark-history)\/\d+(\?term=\d+)?$|^\/schedule-summary(\?|$)/;
  return [...new Set(hrefs.filter((href) => deeper.test(href)))].slice(0, 3);
}

test.describe('school tables on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const email of ACCOUNTS) {
    test(`${email}: every tile, and the tables behind them, read fully at 375 px`, async ({
      page,
      logInAs,
    }) => {
      test.setTimeout(120_000);
      await logInAs(email);
      await page.goto('/dashboard');
      const tileLinks = page.getByRole('list', { name: 'Your school area' }).getByRole('link');
      await expect(tileLinks.first()).toBeVisible();
      const tiles = await tileLinks.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      );
      expect(tiles.length).toBeGreaterThan(4);

      const problems: Record<string, Overflow[]> = {};
      const visited = new Set<string>();
      let tablesSeen = 0;
      for (const tile of tiles) {
        const queue = [tile];
        for (let i = 0; i < queue.length; i += 1) {
          const path = queue[i] as string;
          if (visited.has(path)) continue;
          visited.add(path);
          const found = await overflowsAt(page, path);
          tablesSeen += await page.locator('table').count();
          if (found.length > 0) problems[path] = found;
          if (path === tile) queue.push(...(await linksBehind(page)));
        }
      }
      expect(tablesSeen).toBeGreaterThan(3);
      expect(problems).toEqual({});
    });
  }
});

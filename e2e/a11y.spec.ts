import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/**
 * An axe-core scan of every public page (spec 2.1) once its content has arrived: no violation of
 * impact 'serious' or 'critical' is allowed. Failures print each violation and where it is.
 */

const AXE_SCRIPT = path.join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js');

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/class',
  '/teacher',
  '/gallery',
  '/blog',
  '/blogdetail',
  '/contact',
  '/registation',
  '/login',
];

const describe = (violations: Result[]): string =>
  violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');

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

        await page.addScriptTag({ path: AXE_SCRIPT });
        const results = await page.evaluate(() =>
          (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run(),
        );
        const blocking = results.violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        if (blocking.length > 0) console.log(`axe on ${route} at ${width} px:\n${describe(blocking)}`);
        expect(blocking.map((violation) => violation.id)).toEqual([]);
      });
    }
  });
}

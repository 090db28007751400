import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const AXE_SCRIPT = path.join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js');

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

/**
 * Runs axe-core on the page as it is and answers the ids of the violations of impact 'serious' or
 * 'critical'; each is printed with where it is. The page's CSP refuses the injected script, so the
 * test needs `bypassCSP: true`.
 */
export async function blockingViolations(page: Page, route: string, width: number): Promise<string[]> {
  // A toast sliding in is half transparent for a moment: axe would read its colours mid-way. Its
  // animations (and any other that ends) finish first; an endless one (a spinner) is not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run(),
  );
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (blocking.length > 0) console.log(`axe on ${route} at ${width} px:\n${describe(blocking)}`);
  return blocking.map((violation) => violation.id);
}

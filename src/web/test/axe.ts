import axe from 'axe-core';

/**
 * axe-core's serious and critical findings in a rendered part of the page (jsdom has no layout, so
 * colour contrast is left to the browser suite, e2e/a11y.spec.ts).
 */
export async function seriousAxeViolations(node: Element): Promise<string[]> {
  const results = await axe.run(node, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.html).join(', ')})`,
    );
}

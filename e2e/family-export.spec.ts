import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';

/**
 * docs/decisions/0109-a-familys-data-on-request.md in the browser: the demo parent asks for an
 * archive of Aisha's data from her care details and sees the request; the principal sees it from
 * the same screen. axe at a phone's width and a desktop's.
 */

// The site's CSP (script-src 'self') rightly refuses the injected axe script; only these scans bypass it.
test.use({ bypassCSP: true });

test('a guardian asks for an archive of the child’s data; the screen is axe-clean at 375 and 1280 px', async ({
  page,
  logInAs,
  tokenFor,
  request,
  context,
}) => {
  test.setTimeout(60_000);
  const student = await tokenFor('student@demo.school');
  const me = await request.get('/api/users/profile', { headers: { Authorization: `Bearer ${student}` } });
  const aishaId = ((await me.json()) as { results: { id: number } }).results.id;
  await page.emulateMedia({ reducedMotion: 'reduce' });

  await logInAs('parent@demo.school');
  await page.goto(`/care/${aishaId}`);
  const panel = page.getByRole('region', { name: 'Aisha Rahman’s data' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Ask for an archive' }).click();
  await expect(panel.getByText(/A link comes by mail/)).toBeVisible();
  await expect(panel.getByRole('row')).not.toHaveCount(0);
  const found: Record<string, string[]> = {};
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState('networkidle');
    const blocking = await blockingViolations(page, `/care/${aishaId}`, width);
    if (blocking.length > 0) found[`parent ${width}`] = blocking;
  }

  await context.clearCookies();
  await logInAs('principal@demo.school');
  await page.goto(`/care/${aishaId}`);
  await expect(
    page.getByRole('region', { name: 'Aisha Rahman’s data' }).getByText('Kofi Rahman'),
  ).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState('networkidle');
    const blocking = await blockingViolations(page, `/care/${aishaId}`, width);
    if (blocking.length > 0) found[`principal ${width}`] = blocking;
  }
  expect(found).toEqual({});
});

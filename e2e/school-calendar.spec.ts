import { blockingViolations } from './support/axe.js';
import { DEMO_ACCOUNTS, expect, test } from './support/fixtures.js';

/**
 * The school year and the calendar through their screens
 * (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): the principal adds a year far
 * ahead and a term to it, and a closure day for the whole school; the demo parent sees the closure
 * on their calendar screen and gets their feed's address, which a calendar app can read; both
 * screens are axe-clean at 375 and 1280 px.
 *
 * The year and the closure are the test's own, dated well after today, so the registers other specs
 * take today are not closed by them.
 */

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A month ten months from now, `YYYY-MM`, and a day in it. */
function monthAhead(): { month: string; day: string } {
  const now = new Date();
  const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 10, 15));
  const month = ahead.toISOString().slice(0, 7);
  return { month, day: `${month}-15` };
}

test.describe('the school year and the calendar', () => {
  test.describe.configure({ mode: 'serial' });
  // The site's CSP (script-src 'self') rightly refuses the injected axe script; these scans bypass it.
  test.use({ bypassCSP: true });
  const closure = `Closed for the e2e ${stamp}`;
  const { month, day } = monthAhead();

  test('the principal adds a year with a term, then a closure day', async ({ page, logInAs }) => {
    await logInAs(DEMO_ACCOUNTS.principal);
    await page.goto('/school-years');
    // A year of its own, centuries ahead, so that it meets no other year.
    const first = 2300 + Math.floor(Math.random() * 500);
    const yearName = `E2E ${first} ${stamp}`;
    const newYear = page.getByRole('form', { name: 'Add a school year' });
    await newYear.getByLabel('Name of the school year').fill(yearName);
    await newYear.getByLabel('First day', { exact: true }).fill(`${first}-09-01`);
    await newYear.getByLabel('Last day', { exact: true }).fill(`${first + 1}-07-10`);
    await newYear.getByRole('button', { name: 'Add the year' }).click();
    const year = page.getByRole('article', { name: yearName });
    await expect(year).toBeVisible();

    await year.getByRole('button', { name: `Add a term to ${yearName}` }).click();
    const termForm = year.getByRole('form', { name: `Add a term to ${yearName}` });
    await termForm.getByLabel('Name of the term').fill('Autumn');
    await termForm.getByLabel('First day', { exact: true }).fill(`${first}-09-01`);
    await termForm.getByLabel('Last day', { exact: true }).fill(`${first}-12-18`);
    await termForm.getByRole('button', { name: 'Add the term' }).click();
    await expect(year.getByText('Autumn', { exact: true })).toBeVisible();

    // A term outside its year: the server's refusal shows at the first day.
    await year.getByRole('button', { name: `Add a term to ${yearName}` }).click();
    const outside = year.getByRole('form', { name: `Add a term to ${yearName}` });
    await outside.getByLabel('Name of the term').fill('Too late');
    await outside.getByLabel('First day', { exact: true }).fill(`${first + 2}-01-04`);
    await outside.getByLabel('Last day', { exact: true }).fill(`${first + 2}-03-26`);
    await outside.getByRole('button', { name: 'Add the term' }).click();
    await expect(outside.getByLabel('First day', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(outside.getByText('A term must lie within its school year.')).toBeVisible();

    await page.goto(`/calendar?month=${month}`);
    await page.getByRole('button', { name: 'Add a closure or an event' }).click();
    const form = page.getByRole('form', { name: 'A new closure or event' });
    await expect(form.getByLabel('Closure')).toBeChecked();
    await form.getByLabel('Title').fill(closure);
    await form.getByLabel('First day', { exact: true }).fill(day);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('article', { name: new RegExp(closure) })).toBeVisible();
  });

  test('the parent sees the closure and gets their feed’s address, which holds it', async ({
    page,
    logInAs,
    request,
  }) => {
    await logInAs(DEMO_ACCOUNTS.parent);
    await page.goto('/dashboard');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Calendar/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/calendar$/);
    await page.goto(`/calendar?month=${month}`);
    const entry = page.getByRole('article', { name: new RegExp(closure) });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Closure');

    const own = page.getByRole('region', { name: 'Your calendar' });
    await own.getByRole('button', { name: /^Make (my|a new) address$/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Make a new address?' });
    // The demo parent may have made one before: renewing asks first.
    if (await dialog.isVisible().catch(() => false)) {
      await dialog.getByRole('button', { name: 'Make a new address' }).click();
    }
    await expect(own.getByRole('status')).toContainText('shown only this once');
    const webcal = await own.getByLabel('Address for calendar apps (webcal)').inputValue();
    const https = await own.getByLabel('Web address (https)').inputValue();
    expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(https.replace(/^https?:/, 'webcal:')).toBe(webcal);
    // The feed a calendar app reads holds the closure.
    const feed = await request.get(new URL(https).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(closure);
  });

  for (const width of [375, 1280]) {
    test(`the calendar and the school years at ${width} px: no serious or critical axe violation`, async ({
      page,
      logInAs,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: Record<string, string[]> = {};
      for (const [who, route] of [
        [DEMO_ACCOUNTS.parent, `/calendar?month=${month}`],
        [DEMO_ACCOUNTS.principal, `/calendar?month=${month}`],
        [DEMO_ACCOUNTS.principal, '/school-years'],
      ] as const) {
        await logInAs(who);
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.page-fallback, [role="status"] .spinner-border')).toHaveCount(0);
        const blocking = await blockingViolations(page, route, width);
        if (blocking.length > 0) found[`${who} ${route}`] = blocking;
      }
      expect(found).toEqual({});
    });
  }
});

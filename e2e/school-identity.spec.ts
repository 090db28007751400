import type { APIRequestContext } from '@playwright/test';
import type { SchoolSettings } from '../src/shared/api/settings.js';
import { expect, sharedSchoolUrl, test } from './support/own-school.js';

/**
 * docs/decisions/0014-school-settings.md end to end, against the real server and its demo school: the
 * principal renames the school and gives it a new address in the website editor, and the header, footer,
 * contact page and browser title show them, in the page the server sends as well. Every page shows the
 * school's name, so the test renames a demo school of its own (support/own-school.ts), started for it on
 * its own data folder: the specs reading the shared demo school run beside it, and nothing is put back.
 */

async function settings(request: APIRequestContext, url = '/api/settings'): Promise<SchoolSettings> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SchoolSettings }).data;
}

test('the principal changes the school’s name and address in the editor; header, footer and title show them', async ({
  page,
  request,
  logInAs,
}) => {
  await logInAs('principal@demo.school');
  const original = await settings(request);
  const name = `Hilltop Primary ${Date.now()}`;
  const address = '2 Hill Road, Upton, UP1 2HR';
  const header = page.getByRole('navigation', { name: 'Main' });
  const footer = page.getByRole('contentinfo');
  await test.step('the demo school, from the first paint: no product name in its place', async () => {
    await page.goto('/');
    await expect(page).toHaveTitle(original.name);
    await expect(header.getByRole('link', { name: original.name })).toBeVisible();
    await expect(footer.getByText(original.address)).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Schoolyard');
  });

  await test.step('the principal renames the school and gives it a new address in the website editor', async () => {
    await page.goto('/website');
    await page
      .getByRole('navigation', { name: 'Website sections' })
      .getByRole('button', { name: 'School' })
      .click();
    const form = page.getByRole('form', { name: 'School settings' });
    await form.getByLabel('School name').fill(name);
    await form.getByLabel('Address').fill(address);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.Toastify').getByText('Saved.', { exact: false })).toBeVisible();
    // The editor's own page follows at once: the app's title bar names the school.
    await expect(page.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`Website · ${name}`);
  });

  await test.step('the home page’s title, header and footer show them', async () => {
    await page.goto('/');
    await expect(page).toHaveTitle(name);
    await expect(header.getByRole('link', { name })).toHaveAttribute('href', '/');
    await expect(footer.getByRole('link', { name })).toBeVisible();
    await expect(footer.getByText(address)).toBeVisible();
    await expect(footer.getByText(new RegExp(`^© \\d{4} ${name}\\.`))).toBeVisible();
    // (The content's own texts are the principal's to change; the frame holds no old name.)
    await expect(header).not.toContainText(original.name);
    await expect(footer).not.toContainText(original.name);
  });

  await test.step('the contact page shows them', async () => {
    await page.goto('/contact');
    await expect(page).toHaveTitle(`Contact · ${name}`);
    await expect(
      page.getByRole('complementary', { name: 'How to reach us' }).getByText(address),
    ).toBeVisible();
  });

  await test.step('the server writes the same into the page itself (search engines, link previews, first paint)', async () => {
    const html = await (await request.get('/about')).text();
    expect(html).toContain(`<title>About · ${name}</title>`);
  });

  await test.step('the shared demo school, which the other specs read, keeps its name and address', async () => {
    const shared = await settings(request, sharedSchoolUrl('/api/settings'));
    expect(shared.name).not.toBe(name);
    expect(shared.address).not.toBe(address);
  });
});

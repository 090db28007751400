import type { Page } from '@playwright/test';
import { SETUP_MESSAGES } from '../src/shared/api/setup.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { DEMO_PASSWORD, label } from './support/forms.js';
import { expectIslandsHydrated } from './support/islands.js';
import { startOwnSchool } from './support/own-school.js';

/**
 * docs/decisions/0041-first-start-of-a-real-school.md end to end: the built server started as a
 * real school would start it, with PUBLIC_URL at its own address and an empty data folder of its
 * own (not the e2e server's demo school), on a port of its own. It shows the set-up page, not the
 * demo; the printed link makes the principal; the demo's principal does not exist.
 *
 * The server writes links with https://school.example, the browser talks to http://127.0.0.1:port:
 * the printed link is opened with its path and query only. The log-in cookie is set by the page and
 * is Secure only over https, so log-in works over plain http here.
 */

const PUBLIC_URL = 'https://school.example';
const PRINCIPAL = { email: 'head@school.example', password: 'riverside-42-secret', name: 'Ada Head' };

let school: Awaited<ReturnType<typeof startOwnSchool>> | undefined;
let origin = '';
let setupLink = '';

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Nothing of the e2e server's own configuration: no demo asked for, SQLite, no mail server.
  school = await startOwnSchool({ demo: false, publicUrl: PUBLIC_URL });
  origin = school.origin;
  const printed = /https:\/\/school\.example\/setup\?token=[\w-]+/.exec(school.startUpLog)?.[0];
  if (!printed) throw new Error(`no set-up link in the start-up log:\n${school.startUpLog}`);
  expect(school.startUpLog).not.toContain('principal@demo.school');
  // The printed link, opened at this machine's address.
  const link = new URL(printed);
  setupLink = `${origin}${link.pathname}${link.search}`;
});

test.afterAll(async () => {
  await school?.stop();
});

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await expectIslandsHydrated(page);
  const form = page.getByRole('form', { name: 'Welcome back!' });
  await form.getByLabel(label('Email')).fill(email);
  await form.getByLabel(label('Password')).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('a fresh start at a real address shows the set-up page, not the demo school', async ({ page }) => {
  for (const pathname of ['/', '/login', '/about']) {
    await page.goto(`${origin}${pathname}`);
    await expect(page).toHaveURL(`${origin}/setup`);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up the school' })).toBeVisible();
  }
  await expect(page.getByRole('alert')).toContainText(SETUP_MESSAGES.noLink);
  const api = await page.request.get(`${origin}/api/home`);
  expect(api.status()).toBe(503);
  expect((await api.json()).error.code).toBe('SETUP_REQUIRED');

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(setupLink);
    await expect(page.getByRole('form', { name: 'Set up your school' })).toBeVisible();
    expect(await blockingViolations(page, '/setup', width)).toEqual([]);
  }
});

test('the printed link makes the principal; the demo principal does not exist', async ({ page }) => {
  await page.goto(setupLink);
  const form = page.getByRole('form', { name: 'Set up your school' });
  await form.getByLabel(label('The school’s name')).fill('Riverside Primary');
  await form.getByLabel(label('The principal’s full name')).fill(PRINCIPAL.name);
  await form.getByLabel(label('The principal’s email')).fill(PRINCIPAL.email);
  await form.getByLabel(label('Password')).fill(PRINCIPAL.password);
  await form.getByLabel(label('Password again')).fill(PRINCIPAL.password);
  await form.getByRole('button', { name: 'Set up the school' }).click();
  await expect(form.getByRole('status')).toContainText(SETUP_MESSAGES.done);

  // The link works once.
  await page.goto(setupLink);
  const again = page.getByRole('form', { name: 'Set up your school' });
  await again.getByLabel(label('The school’s name')).fill('Another School');
  await again.getByLabel(label('The principal’s full name')).fill('Someone Else');
  await again.getByLabel(label('The principal’s email')).fill('someone@school.example');
  await again.getByLabel(label('Password')).fill('another-secret-1');
  await again.getByLabel(label('Password again')).fill('another-secret-1');
  await again.getByRole('button', { name: 'Set up the school' }).click();
  await expect(again.getByRole('alert')).toContainText(SETUP_MESSAGES.linkInvalid);

  // The demo's principal was never made.
  await logIn(page, 'principal@demo.school', DEMO_PASSWORD);
  await expect(page.getByRole('form', { name: 'Welcome back!' }).getByRole('alert')).toContainText(
    'Wrong email or password.',
  );
  await expect(page).toHaveURL(`${origin}/login`);

  await logIn(page, PRINCIPAL.email, PRINCIPAL.password);
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await expect(page.getByText('Riverside Primary').first()).toBeVisible();
});

test('after set-up the public site is the starter site: the school named, no empty frames', async ({
  page,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${origin}/`);
    await expectIslandsHydrated(page);
    const main = page.getByRole('main');
    // The starter site (docs/decisions/0053-a-starter-site-for-a-real-school.md) names the school.
    await expect(main.getByText('Welcome to Riverside Primary')).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'About Riverside Primary' })).toBeVisible();
    await expect(
      main.getByRole('img', { name: 'Drawing of a small school house on a green hill under a sunny sky' }),
    ).toBeVisible();
    // No section without content: no empty heading, no empty picture frame, none of the demo's parts.
    for (const heading of await main.getByRole('heading').all()) {
      expect((await heading.innerText()).trim(), 'a heading with no text').not.toBe('');
    }
    await expect(main.locator('.content-img--empty, .home-hero__image--empty')).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'What Parents Say!' })).toHaveCount(0);
    await expect(main.locator('section.facilities, section.teachers, section.blog')).toHaveCount(0);
    expect(await blockingViolations(page, '/', width)).toEqual([]);
  }

  // A page with none of its sections yet says so.
  await page.goto(`${origin}/teacher`);
  await expect(page.getByRole('main').getByText('Our teachers will be introduced here soon.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute(
    'href',
    '/contact',
  );
});

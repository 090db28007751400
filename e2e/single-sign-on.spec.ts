import { expect, type Page, test } from '@playwright/test';
import { E2E_OIDC_NAME, startE2eOidcProvider } from '../scripts/e2e-oidc-provider.mjs';
import { SESSION_COOKIE } from '../src/shared/constants.js';
import accounts from '../src/shared/messages/accounts/en.json' with { type: 'json' };
import provider from '../src/shared/messages/sign-in-provider/en.json' with { type: 'json' };
import { blockingViolations } from './support/axe.js';
import { DEMO_PASSWORD, label } from './support/forms.js';
import { expectIslandsHydrated } from './support/islands.js';
import { startOwnSchool } from './support/own-school.js';

/**
 * Signing in with the school's provider in Chromium, through the provider's own log-in page
 * (docs/decisions/0107-sign-in-with-the-schools-provider.md): scripts/e2e-server.mjs starts a real
 * oidc-provider (scripts/e2e-oidc-provider.mjs) and names it to the server under test in OIDC_*.
 */

const BUTTON = accounts['login.sso.button'].replace('{name}', E2E_OIDC_NAME);

/**
 * From the login page (of the e2e server, or of `origin`), through "Sign in with {name}", to the
 * provider's page, and signs in there.
 */
async function signInAtProvider(
  page: Page,
  baseURL: string | undefined,
  login: string,
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: BUTTON }).click();
  // oidc-provider's own log-in page, on its own port: the login is the account id, any password.
  await expect(page).toHaveURL(/\/interaction\/[^/]+$/);
  expect(new URL(page.url()).origin).not.toBe(new URL(origin || String(baseURL)).origin);
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('the demo teacher signs in at the provider and lands on the teacher’s dashboard', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAtProvider(page, baseURL, 'teacher@demo.school');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The teacher's own tiles, and not the principal's.
  const tiles = page.getByRole('list', { name: 'Your school area' });
  await expect(tiles.locator('a[href="/today"]')).toBeVisible();
  await expect(tiles.locator('a[href="/marks"]')).toBeVisible();
  await expect(tiles.locator('a[href="/approvals"]')).toHaveCount(0);
  const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE && c.value !== '');
  expect(session, 'the session cookie').toBeDefined();
});

test('an email the provider does not vouch for comes back to the login page, refused', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAtProvider(page, baseURL, 'unverified-teacher');
  await expect(page).toHaveURL(/\/login\?sso=unverified$/);
  await expect(page.getByRole('alert').filter({ hasText: accounts['login.sso.unverified'] })).toBeVisible();
  const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE && c.value !== '');
  expect(session, 'no session').toBeUndefined();
});

/**
 * The principal enters the provider on the sign-in security screen
 * (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md): on a school of its own, started
 * without OIDC_* (the e2e server's provider is the environment's, shown read-only), with a provider
 * of its own that knows the school's callback. The check answers, the save holds at once, and the
 * demo teacher signs in with it.
 */
test.describe('the principal sets the provider', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ bypassCSP: true });
  let school: Awaited<ReturnType<typeof startOwnSchool>> | undefined;
  let oidc: Awaited<ReturnType<typeof startE2eOidcProvider>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    school = await startOwnSchool();
    oidc = await startE2eOidcProvider(`${school.origin}/api/users/login/sso/callback`);
  });
  test.afterAll(async () => {
    await oidc?.close();
    await school?.stop();
  });

  test('enters, checks and saves it; the login page offers it to staff, and the teacher signs in', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    if (!school || !oidc) throw new Error('the school or its provider did not start');
    const { origin } = school;
    const { env } = oidc;
    await page.goto(`${origin}/login`);
    await expectIslandsHydrated(page);
    await expect(page.getByRole('link', { name: /^Sign in with/ })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Welcome back!' });
    await form.getByLabel(label('Email')).fill('principal@demo.school');
    await form.getByLabel(label('Password')).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);

    await page.goto(`${origin}/security`);
    const section = page.getByRole('region', { name: provider.title });
    await expect(section.getByText(provider['connection.none'])).toBeVisible();
    await section.getByLabel(provider['issuerUrl.label'], { exact: true }).fill(String(env.OIDC_ISSUER_URL));
    await section.getByLabel(provider['clientId.label'], { exact: true }).fill(String(env.OIDC_CLIENT_ID));
    await section
      .getByLabel(provider['clientSecret.label'], { exact: true })
      .fill(String(env.OIDC_CLIENT_SECRET));
    await section.getByLabel(provider['name.label'], { exact: true }).fill(E2E_OIDC_NAME);
    await section.getByRole('button', { name: provider['check.run'] }).click();
    await expect(section.getByText(/^The provider answered:/)).toBeVisible();
    await section.getByRole('radio', { name: provider['who.staff'], exact: true }).check();
    await section.getByRole('button', { name: provider.save, exact: true }).click();
    await expect(section.getByText(provider.saved)).toBeVisible();
    // The secret is never shown again: the field is empty, and says one is kept.
    await expect(section.getByLabel(provider['clientSecret.label'], { exact: true })).toHaveValue('');
    await expect(section.getByText(provider['clientSecret.hintSet'])).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await blockingViolations(page, '/security', width)).toEqual([]);
    }

    // Someone else, on the login page: the button, for staff.
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    try {
      await other.goto(`${origin}/login`);
      await expect(other.getByText(accounts['login.sso.forStaff'])).toBeVisible();
      await signInAtProvider(other, baseURL, 'teacher@demo.school', origin);
      await expect(other).toHaveURL(`${origin}/dashboard`);
      const tiles = other.getByRole('list', { name: 'Your school area' });
      await expect(tiles.locator('a[href="/marks"]')).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});

import { expect, type Page, test } from '@playwright/test';
import { E2E_OIDC_NAME } from '../scripts/e2e-oidc-provider.mjs';
import { SESSION_COOKIE } from '../src/shared/constants.js';
import accounts from '../src/shared/messages/accounts/en.json' with { type: 'json' };

/**
 * Signing in with the school's provider in Chromium, through the provider's own log-in page
 * (docs/decisions/0107-sign-in-with-the-schools-provider.md): scripts/e2e-server.mjs starts a real
 * oidc-provider (scripts/e2e-oidc-provider.mjs) and names it to the server under test in OIDC_*.
 */

const BUTTON = accounts['login.sso.button'].replace('{name}', E2E_OIDC_NAME);

/** From the login page, through "Sign in with {name}", to the provider's page, and signs in there. */
async function signInAtProvider(page: Page, baseURL: string | undefined, login: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: BUTTON }).click();
  // oidc-provider's own log-in page, on its own port: the login is the account id, any password.
  await expect(page).toHaveURL(/\/interaction\/[^/]+$/);
  expect(new URL(page.url()).origin).not.toBe(new URL(String(baseURL)).origin);
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

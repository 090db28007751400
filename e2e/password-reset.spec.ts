import type { APIRequestContext } from '@playwright/test';
import { MAIL_MESSAGES } from '../src/shared/api/mail.js';
import { expect, test } from './support/fixtures.js';
import { DEMO_PASSWORD, label, logInWithForm } from './support/forms.js';
import { mailsTo, nextMailTo } from './support/mailbox.js';

/**
 * docs/decisions/0023-password-reset.md end to end: "Forgot password?" on /login, the link from the
 * mail the server really sent (through the e2e server's SMTP server), a new password, a log-in with
 * it; the session the account had elsewhere is gone, and the link does not work twice.
 *
 * teacher2@ is the account: no other spec logs in with it, and the password is set back at the
 * end, through the same reset, for a second run against the same server.
 */

const EMAIL = 'teacher2@demo.school';
const NEW_PASSWORD = 'sunny-meadow-42';

const linkIn = (text: string | undefined): string => {
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in the mail: ${text}`);
  return link;
};

/** Sets the password back to the demo's through the API, with a fresh link from a fresh mail. */
async function restoreDemoPassword(request: APIRequestContext): Promise<void> {
  const before = (await mailsTo(EMAIL)).length;
  expect((await request.post('/api/users/password-reset', { data: { email: EMAIL } })).status()).toBe(202);
  const token = new URL(linkIn((await nextMailTo(EMAIL, before)).text)).searchParams.get('token');
  const confirmed = await request.post('/api/users/password-reset/confirm', {
    data: { token, password: DEMO_PASSWORD },
  });
  expect(confirmed.status()).toBe(200);
}

test('forgot password: the mailed link sets a new password once, and the old session ends', async ({
  page,
  browser,
  baseURL,
  logInAs,
  request,
}) => {
  // Somewhere else, the account is logged in.
  const elsewhere = await browser.newContext();
  const oldToken = await logInAs(EMAIL, elsewhere);
  const elsewherePage = await elsewhere.newPage();
  await elsewherePage.goto('/dashboard');
  await expect(elsewherePage.getByRole('list', { name: 'Your school area' })).toBeVisible();

  const link = await test.step('a link asked for on /login arrives by mail', async () => {
    const before = (await mailsTo(EMAIL)).length;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const ask = page.getByRole('form', { name: 'Forgot your password?' });
    await ask.getByLabel(label('Email')).fill(EMAIL);
    await ask.getByRole('button', { name: 'Send me a link' }).click();
    await expect(ask.getByRole('status')).toContainText(MAIL_MESSAGES.resetRequested);

    const mail = await nextMailTo(EMAIL, before);
    expect(mail.subject).toBe('Set a new password');
    const link = linkIn(mail.text);
    // PUBLIC_URL of the e2e server: the link leads back to the site under test.
    expect(new URL(link).origin).toBe(new URL(String(baseURL)).origin);
    expect(typeof mail.html === 'string' && mail.html.includes(link)).toBe(true);
    return link;
  });

  await test.step('the link sets a new password', async () => {
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.getByLabel(label('New password')).fill(NEW_PASSWORD);
    await reset.getByLabel(label('New password again')).fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await expect(reset.getByRole('status')).toContainText(MAIL_MESSAGES.passwordReset);
  });

  await test.step('the old password no longer works; the new one does', async () => {
    await logInWithForm(page, EMAIL, DEMO_PASSWORD);
    await expect(page.getByRole('form', { name: 'Welcome back!' }).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await logInWithForm(page, EMAIL, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('list', { name: 'Your school area' })).toBeVisible();
  });

  await test.step('the session elsewhere is gone: its token is refused, and its page goes back to the login', async () => {
    const profile = await request.get('/api/users/profile', {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    expect(profile.status()).toBe(401);
    await elsewherePage.reload();
    await expect(elsewherePage).toHaveURL(/\/login$/);
    await elsewhere.close();
  });

  await test.step('the link worked once', async () => {
    await page.goto(link);
    const again = page.getByRole('form', { name: 'Set a new password' });
    await again.getByLabel(label('New password')).fill('another-secret-7');
    await again.getByLabel(label('New password again')).fill('another-secret-7');
    await again.getByRole('button', { name: 'Set the new password' }).click();
    await expect(again.getByRole('alert')).toContainText(MAIL_MESSAGES.resetLinkInvalid);
    await expect(again.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  await test.step('the demo password is set back, for a second run against the same server', async () => {
    await restoreDemoPassword(request);
    expect(
      (await request.post('/api/users/login', { data: { email: EMAIL, password: DEMO_PASSWORD } })).status(),
    ).toBe(200);
  });
});

import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR } from '../src/shared/api/two-factor.js';
import { USER_TYPE } from '../src/shared/constants.js';
import texts from '../src/shared/messages/two-factor/en.json' with { type: 'json' };
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { logInWithForm } from './support/forms.js';
import { mailsTo, nextMailTo } from './support/mailbox.js';

/**
 * Two-factor sign-in end to end (docs/decisions/0108-two-factor-for-staff.md,
 * docs/decisions/0116-the-principal-resets-two-factor.md): a teacher turns it on at /security from
 * the key shown as text, keeps the recovery codes, and signs in with the password and then a code;
 * a wrong code is refused, a recovery code works once; the second step is axe-clean on a phone and
 * a desktop; the principal resets it from their Sign-in security screen, the teacher is mailed and
 * signs in with the password alone.
 *
 * The teacher is one this spec makes in the database (with the demo teacher's password), named with a
 * stamp of the run: the specs run in parallel against one server, and teacher@ and teacher2@ sign in
 * in other specs (password-reset.spec.ts changes teacher2@'s password while it runs), where a second
 * step would stop them. The principal's reset at the end leaves the account as it began.
 */

const STEP_MS = TWO_FACTOR.periodSeconds * 1000;
const stepOf = (at: number): number => Math.floor(at / STEP_MS);
const codeOfStep = (secret: string, step: number): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS });

/**
 * The authenticator app of the test: the code of the step after the last one used, or of the current
 * step once the clock has passed it. The server refuses a code of a step it took already, and accepts
 * one step of drift, so the next step's code is good at once: no waiting for the clock.
 */
class Authenticator {
  private lastStep = 0;
  constructor(readonly secret: string) {}

  nextCode(): string {
    const step = Math.max(this.lastStep + 1, stepOf(Date.now()));
    this.lastStep = step;
    return codeOfStep(this.secret, step);
  }

  /** A code the server refuses now: none of the steps it would accept, nor the ones next to them. */
  wrongCode(): string {
    const now = stepOf(Date.now());
    const near = new Set(
      [-2, -1, 0, 1, 2, 3].map((offset) => codeOfStep(this.secret, Math.max(now, this.lastStep) + offset)),
    );
    for (let n = 0; ; n += 1) {
      const code = String(n * 111_111 + 13)
        .padStart(6, '0')
        .slice(-6);
      if (!near.has(code)) return code;
    }
  }
}

/** A teacher of this run's own, active, with the demo teacher's password. */
function seedTeacher(stamp: string): { name: string; email: string } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs with scripts/e2e.mjs');
  const db = new Database(path.join(dataDir, 'schoolyard.sqlite'));
  try {
    const name = `Tess Twostep ${stamp}`;
    const email = `tfa.teacher.${stamp}@example.com`;
    const now = new Date().toISOString();
    db.prepare(
      `insert into app_user (name, designation, description, type, gender, dob, address, contact,
         email, email_key, password_hash, social_link, status, created_at, updated_at)
       select ?, 'Teacher', '', ?, 'Female', '1990-02-03', '3 Key Lane', '+1 555 0100', ?, ?,
         password_hash, '', 'active', ?, ?
       from app_user where email_key = 'teacher@demo.school'`,
    ).run(name, USER_TYPE.teacher, email, email.toLowerCase(), now, now);
    return { name, email };
  } finally {
    db.close();
  }
}

const stepForm = (page: Page) => page.getByRole('form', { name: texts['step.title'] });

async function logOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'LogOut' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The password, then the second step's form. */
async function toSecondStep(page: Page, email: string) {
  await logInWithForm(page, email);
  const form = stepForm(page);
  await expect(form).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  return form;
}

async function sendFactor(page: Page, label: string, value: string): Promise<void> {
  const form = stepForm(page);
  await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: texts['step.submit'] }).click();
}

test.use({ bypassCSP: true });

test('a teacher turns two-step sign-in on, signs in with a code and with a recovery code once; the principal resets it', async ({
  page,
  browser,
  logInAs,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const teacher = seedTeacher(stamp);

  const { app, recoveryCodes } =
    await test.step('at /security: the key as text, its first code, the ten recovery codes', async () => {
      await logInWithForm(page, teacher.email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/security');
      await expect(page.getByText(texts['status.off'])).toBeVisible();
      await page.getByRole('button', { name: texts.turnOn }).click();
      const key = page.locator('.two-factor-key__secret');
      await expect(key).toBeVisible();
      const secret = ((await key.textContent()) ?? '').replaceAll(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const app = new Authenticator(secret);
      await page.getByLabel(texts['code.label'], { exact: true }).fill(app.nextCode());
      await page.getByRole('button', { name: texts.confirm, exact: true }).click();
      const codes = page.getByRole('region', { name: texts['codes.title'] });
      await expect(codes).toBeVisible();
      const recoveryCodes = (await codes.locator('code').allTextContents()).map((code) => code.trim());
      expect(recoveryCodes).toHaveLength(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
      await codes.getByRole('button', { name: texts['codes.done'] }).click();
      await expect(page.getByText(/Two-step sign-in is on\. 10 recovery codes are left\./)).toBeVisible();
      await logOut(page);
      return { app, recoveryCodes };
    });

  await test.step('the password leads to the second step, axe-clean at 1280 and 375 px', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await toSecondStep(page, teacher.email);
    expect(await blockingViolations(page, '/login (second step)', 1280)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(stepForm(page)).toBeVisible();
    expect(await blockingViolations(page, '/login (second step)', 375)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('a wrong code is refused with a message; the next step’s code signs in', async () => {
    await sendFactor(page, texts['code.label'], app.wrongCode());
    await expect(stepForm(page).getByRole('alert')).toHaveText(texts.wrongCode);
    await expect(page).toHaveURL(/\/login$/);
    await sendFactor(page, texts['code.label'], app.nextCode());
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
  });

  const [firstCode = ''] = recoveryCodes;
  await test.step('a recovery code signs in once', async () => {
    await toSecondStep(page, teacher.email);
    await stepForm(page).getByRole('button', { name: texts['step.useRecovery'] }).click();
    await sendFactor(page, texts['step.recoveryCode'], firstCode);
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);

    await toSecondStep(page, teacher.email);
    await stepForm(page).getByRole('button', { name: texts['step.useRecovery'] }).click();
    await sendFactor(page, texts['step.recoveryCode'], firstCode);
    await expect(stepForm(page).getByRole('alert')).toHaveText(texts.wrongCode);
    await expect(page).toHaveURL(/\/login$/);
    await stepForm(page).getByRole('button', { name: texts['step.back'] }).click();
    await expect(page.getByRole('form', { name: 'Welcome back!' })).toBeVisible();
  });

  await test.step('the principal resets it on Sign-in security; the teacher is mailed', async () => {
    const principalContext = await browser.newContext({ bypassCSP: true });
    try {
      await logInAs('principal@demo.school', principalContext);
      const principal = await principalContext.newPage();
      await principal.goto('/security');
      const staff = principal.getByRole('region', { name: texts['staff.title'] });
      const row = staff.getByRole('listitem').filter({ hasText: teacher.name });
      await expect(row).toContainText(texts['staff.on']);
      const mailsBefore = (await mailsTo(teacher.email)).length;
      await row.getByRole('button', { name: texts['staff.reset'] }).click();
      const dialog = principal.getByRole('alertdialog', {
        name: texts['staff.confirmTitle'].replace('{name}', teacher.name),
      });
      await expect(dialog).toContainText(texts['staff.confirmOptional']);
      await dialog.getByRole('button', { name: texts['staff.confirm'], exact: true }).click();
      await expect(staff.getByRole('status')).toHaveText(texts['staff.done'].replace('{name}', teacher.name));
      await expect(row).toContainText(texts['staff.off']);
      await expect(row).toContainText('Reset by Margaret Osei on');
      await expect(row.getByRole('button')).toHaveCount(0);

      const mail = await nextMailTo(teacher.email, mailsBefore);
      expect(mail.subject).toBe('Your two-step sign-in at Sunny Meadows Kids School was reset');
      expect(mail.text).toContain('Margaret Osei reset the two-step sign-in of your account');
      expect(mail.text).toContain('For now your password alone signs you in.');
    } finally {
      await principalContext.close();
    }
  });

  await test.step('the teacher signs in with the password alone; Sign-in security says it is off', async () => {
    await logInWithForm(page, teacher.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/security');
    await expect(page.getByText(texts['status.off'])).toBeVisible();
  });
});

import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES, PASSWORD_RESET_MINUTES } from '../../../shared/api/mail.js';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { userWithSession } from '../../test/school-fixtures.js';
import type { CapturedMail } from '../../test/smtp-capture.js';
import { readSettings } from '../settings/settings.repository.js';
import { bearer, call, DEMO, login, NEW_PASSWORD, nextAddress } from '../users/test-helpers.js';
import { RESET_LIMITS } from './password-reset.service.js';
import { hashToken } from './session.js';

const REQUESTED = { data: { message: MAIL_MESSAGES.resetRequested } };
const LINK = /https:\/\/school\.test\/reset-password\?token=([A-Za-z0-9_-]{43})(?=\s|"|$)/;

describe.each(TEST_ENGINES)('password reset by mail on %s', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  const requestReset = (email: string, remoteAddress = nextAddress()) =>
    call(t.app, {
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { email },
      remoteAddress,
    });
  const confirm = (token: string, password = NEW_PASSWORD, remoteAddress = nextAddress()) =>
    call(t.app, {
      method: 'POST',
      url: '/api/users/password-reset/confirm',
      payload: { token, password },
      remoteAddress,
    });

  /** Sends what is due and answers the newest mail to `address`. */
  async function newestMailTo(address: string): Promise<CapturedMail> {
    await sendMail(t);
    const mail = smtp.to(address).at(-1);
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  }
  const tokenOf = (mail: CapturedMail): string => {
    const token = LINK.exec(mail.text)?.[1];
    if (!token) throw new Error(`no reset link in: ${mail.text}`);
    return token;
  };
  /** Asks for a link for `email` and answers the token from the mail that arrived. */
  async function tokenFromMail(email: string): Promise<string> {
    expect((await requestReset(email)).statusCode).toBe(202);
    return tokenOf(await newestMailTo(email));
  }
  const resetRowsOf = (email: string) =>
    t.db
      .selectFrom('password_reset')
      .innerJoin('app_user', 'app_user.id', 'password_reset.user_id')
      .selectAll('password_reset')
      .where('app_user.email_key', '=', email)
      .execute();

  it('mails a known active account a link to /reset-password, in text and HTML, in the school name', async () => {
    const before = smtp.to(DEMO.teacher2).length;
    const res = await requestReset(DEMO.teacher2);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(REQUESTED);
    expect(await sendMail(t)).toBe(1);
    const mails = smtp.to(DEMO.teacher2);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1) as CapturedMail;

    const school = (await readSettings(t.db)).name;
    const user = await t.db
      .selectFrom('app_user')
      .select('name')
      .where('email_key', '=', DEMO.teacher2)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Set a new password');
    expect(mail.to).toContain(DEMO.teacher2);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(school);
      expect(body).toContain(user.name);
      expect(body).toContain(`${PASSWORD_RESET_MINUTES} minutes`);
      expect(body).toContain('ignore this mail');
    }
    expect(mail.text).toContain(`Dear ${user.name},`);
    const token = tokenOf(mail);
    expect(mail.html).toContain(`https://school.test/reset-password?token=${token}`);

    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'status'])
      .where('to_address', '=', DEMO.teacher2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(outbox).toEqual({ kind: 'password-reset', status: 'sent' });
  });

  it('stores only the SHA-256 of the token, valid for 30 minutes', async () => {
    const token = await tokenFromMail(DEMO.student2);
    const rows = await resetRowsOf(DEMO.student2);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.token_hash).toBe(hashToken(token));
    expect(row?.used_at).toBeNull();
    expect(JSON.stringify(await t.db.selectFrom('password_reset').selectAll().execute())).not.toContain(
      token,
    );
    const minutes = (Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')) / 60_000;
    expect(minutes).toBe(PASSWORD_RESET_MINUTES);
  });

  it('the link from the mail sets the password once and ends every session of the account', async () => {
    const oldSession = f.tokens.teacher2;
    const secondSession = (await login(t.app, DEMO.teacher2)).json().token as string;
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(oldSession) })).statusCode).toBe(
      200,
    );
    const token = await tokenFromMail(DEMO.teacher2);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { message: MAIL_MESSAGES.passwordReset } });

    for (const session of [oldSession, secondSession]) {
      const res = await call(t.app, { url: '/api/users/profile', headers: bearer(session) });
      expect(res.statusCode).toBe(401);
    }
    // The devices that logged in with the old password are forgotten (a stranger's budget again).
    const devices = await t.db
      .selectFrom('device_login')
      .innerJoin('app_user', 'app_user.id', 'device_login.user_id')
      .select('device_login.token_hash')
      .where('app_user.email', '=', DEMO.teacher2)
      .execute();
    expect(devices).toEqual([]);
    expect((await login(t.app, DEMO.teacher2, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, DEMO.teacher2, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await confirm(token, 'yet-another-secret-7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: { code: 'RESET_LINK_INVALID', message: MAIL_MESSAGES.resetLinkInvalid },
    });
    expect((await login(t.app, DEMO.teacher2, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await resetRowsOf(DEMO.teacher2)).map((row) => row.used_at !== null)).toEqual([true]);
  });

  it('an expired link is refused and changes nothing', async () => {
    const email = DEMO.student;
    const token = await tokenFromMail(email);
    await t.db
      .updateTable('password_reset')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('RESET_LINK_INVALID');
    expect((await login(t.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a new request makes the earlier link useless; unknown and malformed tokens get the same 400', async () => {
    const email = DEMO.guardian;
    const first = await tokenFromMail(email);
    const second = await tokenFromMail(email);
    expect(second).not.toBe(first);
    expect((await resetRowsOf(email)).map((row) => row.token_hash)).toEqual([hashToken(second)]);
    const old = await confirm(first);
    const unknown = await confirm('A'.repeat(43));
    const malformed = await confirm('not a token');
    for (const res of [old, unknown, malformed]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(old.body);
    }
    expect((await login(t.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await login(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('of two confirmations of one link at the same time, one sets the password', async () => {
    const email = DEMO.teacher;
    const token = await tokenFromMail(email);
    const answers = await Promise.all([
      confirm(token, 'first-secret-11'),
      confirm(token, 'second-secret-22'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'first-secret-11' : 'second-secret-22';
    const loser = winner === 'first-secret-11' ? 'second-secret-22' : 'first-secret-11';
    expect((await login(t.app, email, winner)).statusCode).toBe(200);
    expect((await login(t.app, email, loser)).statusCode).toBe(401);
  });

  it('an unknown email and a pending account get the same 202 and no mail', async () => {
    const sentBefore = smtp.mails.length;
    const outboxBefore = await t.db.selectFrom('mail_outbox').select('id').execute();
    for (const email of ['nobody@demo.school', DEMO.pendingParent, DEMO.pendingTeacher]) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(REQUESTED);
      expect(await resetRowsOf(email)).toEqual([]);
    }
    expect(await sendMail(t)).toBe(0);
    expect(smtp.mails).toHaveLength(sentBefore);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(outboxBefore.length);
  });

  it('a link of an account that is no longer active does not work', async () => {
    const email = DEMO.principal;
    const token = await tokenFromMail(email);
    await t.db.updateTable('app_user').set({ status: 'rejected' }).where('email_key', '=', email).execute();
    try {
      expect((await confirm(token)).statusCode).toBe(400);
    } finally {
      await t.db.updateTable('app_user').set({ status: 'active' }).where('email_key', '=', email).execute();
    }
    expect((await login(t.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits requests per email, known or not, with the same 429', async () => {
    const answers = async (email: string) => {
      const list = [];
      for (let i = 0; i <= RESET_LIMITS.account.max; i += 1) list.push(await requestReset(email));
      return list;
    };
    const { id } = await userWithSession(t.db, 'Teacher', 'Tess Limit');
    const { email } = await t.db
      .selectFrom('app_user')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const known = await answers(` ${email.toUpperCase()} `);
    const unknown = await answers('someone.else@demo.school');
    for (const list of [known, unknown]) {
      expect(list.map((res) => res.statusCode)).toEqual([
        ...Array.from({ length: RESET_LIMITS.account.max }, () => 202),
        429,
      ]);
    }
    const [a, b] = [known.at(-1), unknown.at(-1)];
    expect(a?.body).toBe(b?.body);
    expect(a?.json()).toEqual({
      error: { code: 'TOO_MANY_RESETS', message: MAIL_MESSAGES.tooManyResets(60) },
    });
    expect(Number(a?.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('limits requests per client address over all emails', async () => {
    const address = nextAddress();
    for (let i = 0; i < RESET_LIMITS.address.max; i += 1) {
      expect((await requestReset(`visitor${i}@example.org`, address)).statusCode).toBe(202);
    }
    const refused = await requestReset('one.more@example.org', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await requestReset('one.more@example.org')).statusCode).toBe(202);
  });

  it('limits confirmations per client address (guessing tokens)', async () => {
    const address = nextAddress();
    for (let i = 0; i < RESET_LIMITS.confirmAddress.max; i += 1) {
      expect(
        (await confirm(`${'B'.repeat(40)}${String(i).padStart(3, '0')}`, NEW_PASSWORD, address)).statusCode,
      ).toBe(400);
    }
    const refused = await confirm('C'.repeat(43), NEW_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MAIL_MESSAGES.tooManyResets(60));
  });

  it('bad bodies get 400 with a message per field, and nothing is counted or mailed', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/api/users/password-reset', {}, 'email', MAIL_MESSAGES.enterEmail],
      ['/api/users/password-reset', { email: 'not-an-email' }, 'email', MAIL_MESSAGES.invalidEmail],
      ['/api/users/password-reset', { email: 42 }, 'email', MAIL_MESSAGES.enterEmail],
      [
        '/api/users/password-reset/confirm',
        { password: NEW_PASSWORD },
        'token',
        MAIL_MESSAGES.resetLinkInvalid,
      ],
      [
        '/api/users/password-reset/confirm',
        { token: 'A'.repeat(43), password: 'short' },
        'password',
        USER_MESSAGES.passwordTooShort,
      ],
      [
        '/api/users/password-reset/confirm',
        { token: 'A'.repeat(43) },
        'password',
        USER_MESSAGES.enterPassword,
      ],
    ];
    for (const [url, payload, field, message] of cases) {
      const res = await call(t.app, { method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details, JSON.stringify(payload)).toContainEqual({ field, message });
    }
    const text = await call(t.app, {
      method: 'POST',
      url: '/api/users/password-reset',
      payload: 'email=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});

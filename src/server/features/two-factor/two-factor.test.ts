import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR } from '../../../shared/api/two-factor.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { secretBox } from '../../lib/secret-box.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { LOGIN_LIMITS } from '../auth/login-throttle.js';
import { hashPassword } from '../auth/password.js';
import { bearer, call, DEMO, login, tokenOf } from '../users/test-helpers.js';
import { insertUser } from '../users/users.repository.js';
import { TWO_FACTOR_DEVICE_COOKIE } from './second-factor-gate.js';
import { sealedFor } from './two-factor.service.js';

/** docs/decisions/0108-two-factor-for-staff.md, through the API on each engine, with a moved clock. */

const START = Date.parse('2026-12-01T10:00:00.000Z');
const STEP_MS = TWO_FACTOR.periodSeconds * 1000;

/** The code an authenticator app shows for `secret` at `at` (default: the test's clock). */
const codeAt = (secret: string, at: number = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

const setClock = (at: number) => vi.setSystemTime(new Date(at));

describe.each(TEST_ENGINES)('two-factor for staff on %s', (engine) => {
  let t: TestApp;
  let passwordHash: string;
  let accounts = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    passwordHash = await hashPassword(DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setClock(START);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.db.deleteFrom('two_factor_policy').execute();
  });

  /** A fresh active account of the type, so that each test starts without two-factor. */
  async function newAccount(type: string): Promise<string> {
    accounts += 1;
    const email = `two-factor-${accounts}@demo.school`;
    await insertUser(
      t.db,
      {
        name: `Account ${accounts}`,
        designation: '',
        description: '',
        type,
        gender: 'Female',
        dob: '1990-01-01',
        address: '',
        contact: '',
        email,
        passwordHash,
        socialLink: '',
        status: 'active',
      },
      new Date().toISOString(),
    );
    return email;
  }

  const post = (url: string, payload: unknown, token?: string, extra: Record<string, unknown> = {}) =>
    call(t.app, {
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      ...(token ? { headers: bearer(token) } : {}),
      ...extra,
    });

  /** Turns two-factor on for a signed-in account; answers its secret and recovery codes. */
  async function enable(email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const token = await tokenOf(t.app, email);
    const setup = await post('/api/two-factor/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await post('/api/two-factor/confirm', { code: codeAt(secret) }, token);
    expect(confirmed.statusCode).toBe(200);
    return { secret, recoveryCodes: confirmed.json().recoveryCodes };
  }

  /** A log-in's challenge (the 401 SECOND_FACTOR_REQUIRED's details). */
  async function challengeOf(email: string, cookie?: string): Promise<{ challenge: string; enrol: boolean }> {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: DEMO_PASSWORD },
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    return res.json().error.details;
  }

  const secondFactor = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    post('/api/users/login/second-factor', payload, undefined, extra);

  const sessionsOf = async (email: string) =>
    (
      await t.db
        .selectFrom('session')
        .innerJoin('app_user', 'app_user.id', 'session.user_id')
        .select('session.id')
        .where('app_user.email', '=', email)
        .execute()
    ).length;

  const cookiesOf = (res: LightMyRequestResponse): string[] => {
    const header = res.headers['set-cookie'];
    return header === undefined ? [] : Array.isArray(header) ? header : [header];
  };

  it('enrolment: a QR code and the secret; a wrong code is refused; the code of a moved clock turns it on with ten recovery codes, stored hashed', async () => {
    const email = await newAccount(USER_TYPE.teacher);
    const token = await tokenOf(t.app, email);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/two-factor', headers: bearer(token) })).json(),
    ).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredForStaff: false,
    });
    const setup = await post('/api/two-factor/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Schoolyard:two-factor-\d+%40demo\.school\?/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not on before its first code: the log-in still opens a session.
    expect((await login(t.app, email)).statusCode).toBe(200);

    setClock(START + 2 * 24 * 3600 * 1000 + 12_345);
    const wrong = await post('/api/two-factor/confirm', { code: codeAt(secret, START) }, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('CODE_INVALID');
    const confirmed = await post('/api/two-factor/confirm', { code: codeAt(secret) }, token);
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);

    const status = await call(t.app, { method: 'GET', url: '/api/two-factor', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredForStaff: false });
    // At rest: the secret sealed, the recovery codes hashed.
    const stored = JSON.stringify([
      await t.db.selectFrom('two_factor').selectAll().execute(),
      await t.db.selectFrom('two_factor_recovery_code').selectAll().execute(),
    ]);
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
    // On twice: 409.
    expect((await post('/api/two-factor/setup', {}, token)).statusCode).toBe(409);
  });

  it('log-in: a right password gives a challenge and no session; a wrong code 401; a right one the session; the same code again, or an earlier step, is refused', async () => {
    const email = await newAccount(USER_TYPE.teacher);
    const { secret } = await enable(email);
    const before = await sessionsOf(email);
    setClock(START + 10 * STEP_MS);

    const first = await challengeOf(email);
    expect(first.enrol).toBe(false);
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionsOf(email)).toBe(before);
    const stored = await t.db.selectFrom('two_factor_challenge').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(first.challenge);

    const wrongCode = codeAt(secret) === '000000' ? '111111' : '000000';
    const wrong = await secondFactor({ challenge: first.challenge, code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('CODE_INVALID');
    const right = await secondFactor({ challenge: first.challenge, code: codeAt(secret) });
    expect(right.statusCode).toBe(200);
    expect(Object.keys(right.json())).toEqual(['token']);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/users/profile', headers: bearer(right.json().token) }))
        .statusCode,
    ).toBe(200);
    // The challenge opens one session.
    const again = await secondFactor({
      challenge: first.challenge,
      code: codeAt(secret, Date.now() + STEP_MS),
    });
    expect(again.json().error.code).toBe('CHALLENGE_INVALID');

    // The same code in the same step, and the previous step's code: refused.
    const second = await challengeOf(email);
    expect((await secondFactor({ challenge: second.challenge, code: codeAt(secret) })).statusCode).toBe(401);
    expect(
      (await secondFactor({ challenge: second.challenge, code: codeAt(secret, Date.now() - STEP_MS) }))
        .statusCode,
    ).toBe(401);
    // One step of drift ahead is accepted; two are not.
    expect(
      (await secondFactor({ challenge: second.challenge, code: codeAt(secret, Date.now() + 3 * STEP_MS) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await secondFactor({ challenge: second.challenge, code: codeAt(secret, Date.now() + STEP_MS) }))
        .statusCode,
    ).toBe(200);
    // The next step's code was taken with it: after 30 seconds it is the one already used.
    setClock(Date.now() + STEP_MS);
    const third = await challengeOf(email);
    expect((await secondFactor({ challenge: third.challenge, code: codeAt(secret) })).statusCode).toBe(401);
    setClock(Date.now() + STEP_MS);
    expect((await secondFactor({ challenge: third.challenge, code: codeAt(secret) })).statusCode).toBe(200);
  });

  it('a challenge lasts ten minutes', async () => {
    const email = await newAccount(USER_TYPE.principal);
    const { secret } = await enable(email);
    setClock(START + STEP_MS);
    const { challenge } = await challengeOf(email);
    setClock(Date.now() + TWO_FACTOR.challengeMinutes * 60_000);
    const late = await secondFactor({ challenge, code: codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('CHALLENGE_INVALID');
  });

  it('recovery codes work once each, typed in any case and without dashes', async () => {
    const email = await newAccount(USER_TYPE.teacher);
    const { recoveryCodes } = await enable(email);
    const [a = '', b = ''] = recoveryCodes;
    let { challenge } = await challengeOf(email);
    expect(
      (await secondFactor({ challenge, recoveryCode: a.toUpperCase().replaceAll('-', '') })).statusCode,
    ).toBe(200);
    ({ challenge } = await challengeOf(email));
    const reused = await secondFactor({ challenge, recoveryCode: a });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('CODE_INVALID');
    expect((await secondFactor({ challenge, recoveryCode: b })).statusCode).toBe(200);
    const token = await tokenOfWithCode(email, recoveryCodes[2] ?? '');
    const status = await call(t.app, { method: 'GET', url: '/api/two-factor', headers: bearer(token) });
    expect(status.json().recoveryCodesLeft).toBe(7);
  });

  /** A session through both steps, with a recovery code. */
  async function tokenOfWithCode(email: string, recoveryCode: string): Promise<string> {
    const { challenge } = await challengeOf(email);
    const res = await secondFactor({ challenge, recoveryCode });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token;
  }

  it('both a code and a recovery code, or neither: 400', async () => {
    const both = await secondFactor({ challenge: 'x', code: '123456', recoveryCode: 'abcd' });
    expect(both.statusCode).toBe(400);
    expect((await secondFactor({ challenge: 'x' })).statusCode).toBe(400);
    expect((await secondFactor({ challenge: 'x', code: '12345' })).statusCode).toBe(400);
  });

  it(`the second factor is throttled like the password: ${LOGIN_LIMITS.accountAtAddress.max} wrong codes from one address, then 429 with Retry-After, even for the right code`, async () => {
    const email = await newAccount(USER_TYPE.teacher);
    const { secret } = await enable(email);
    setClock(START + 5 * STEP_MS);
    const remoteAddress = '192.0.2.77';
    const { challenge } = await challengeOf(email);
    const right = codeAt(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.max; i += 1) {
      expect((await secondFactor({ challenge, code: wrongCode }, { remoteAddress })).statusCode).toBe(401);
    }
    const blocked = await secondFactor({ challenge, code: right }, { remoteAddress });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner at another address still gets in.
    expect((await secondFactor({ challenge, code: right }, { remoteAddress: '192.0.2.78' })).statusCode).toBe(
      200,
    );
  });

  it('the principal may require it of all staff: a teacher without it is led through enrolment before any session; parents are not asked', async () => {
    const principal = await tokenOf(t.app, DEMO.principal);
    const teacherToken = await tokenOf(t.app, DEMO.teacher);
    const put = (token: string, required: unknown) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/two-factor/requirement',
        headers: bearer(token),
        payload: { required },
      });
    expect((await put(teacherToken, true)).statusCode).toBe(403);
    expect((await put(principal, 'yes')).statusCode).toBe(400);
    expect((await put(principal, true)).statusCode).toBe(204);

    const email = await newAccount(USER_TYPE.teacher);
    const { challenge, enrol } = await challengeOf(email);
    expect(enrol).toBe(true);
    expect(await sessionsOf(email)).toBe(0);
    // Without the secret's first code there is no session.
    expect((await secondFactor({ challenge, code: '123456' })).statusCode).toBe(401);
    const enrolment = await post('/api/users/login/enrolment', { challenge });
    expect(enrolment.statusCode).toBe(200);
    const { secret } = enrolment.json();
    const done = await secondFactor({ challenge, code: codeAt(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(await sessionsOf(email)).toBe(1);
    // Next time: the code, not enrolment; and it cannot be turned off.
    expect((await challengeOf(email)).enrol).toBe(false);
    const off = await post(
      '/api/two-factor/disable',
      { code: codeAt(secret, Date.now() + STEP_MS) },
      done.json().token,
    );
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('TWO_FACTOR_REQUIRED_BY_SCHOOL');

    // Another staff type (a Director) is asked too; parents and pupils are not.
    expect((await challengeOf(await newAccount(USER_TYPE.director))).enrol).toBe(true);
    expect((await login(t.app, DEMO.guardian)).statusCode).toBe(200);
    expect((await login(t.app, DEMO.student)).statusCode).toBe(200);
    // An enrolment challenge is only for enrolment; a code challenge cannot start one.
    const codeChallenge = await challengeOf(email);
    expect(
      (await post('/api/users/login/enrolment', { challenge: codeChallenge.challenge })).statusCode,
    ).toBe(401);

    expect((await put(principal, false)).statusCode).toBe(204);
    expect((await login(t.app, await newAccount(USER_TYPE.teacher))).statusCode).toBe(200);
  });

  it('a remembered device skips the code for 30 days, not after; new recovery codes forget it', async () => {
    const email = await newAccount(USER_TYPE.teacher);
    const { secret } = await enable(email);
    setClock(START + 3 * STEP_MS);
    const { challenge } = await challengeOf(email);
    const res = await secondFactor({ challenge, code: codeAt(secret), rememberDevice: true });
    expect(res.statusCode).toBe(200);
    const set = cookiesOf(res).find((c) => c.startsWith(`${TWO_FACTOR_DEVICE_COOKIE}=`)) ?? '';
    expect(set).toContain('HttpOnly');
    expect(set).toContain('Path=/api/users/login');
    expect(set).toContain(`Max-Age=${30 * 86_400}`);
    const cookie = set.split(';')[0] ?? '';
    const withCookie = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: DEMO_PASSWORD },
        headers: { cookie },
      });

    setClock(START + 29 * 86_400_000);
    expect((await withCookie()).statusCode).toBe(200);
    // Another account's cookie, or none, does not skip it.
    const other = await newAccount(USER_TYPE.teacher);
    await enable(other);
    expect((await challengeOf(other, cookie)).enrol).toBe(false);
    setClock(START + 30 * 86_400_000 + 3 * STEP_MS + 1000);
    expect((await withCookie()).statusCode).toBe(401);

    // Remembered again, then new recovery codes: forgotten.
    setClock(Date.now() + STEP_MS);
    const again = await challengeOf(email);
    const res2 = await secondFactor({
      challenge: again.challenge,
      code: codeAt(secret),
      rememberDevice: true,
    });
    const cookie2 =
      (cookiesOf(res2).find((c) => c.startsWith(`${TWO_FACTOR_DEVICE_COOKIE}=`)) ?? '').split(';')[0] ?? '';
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/users/login',
          payload: { email, password: DEMO_PASSWORD },
          headers: { cookie: cookie2 },
        })
      ).statusCode,
    ).toBe(200);
    setClock(Date.now() + STEP_MS);
    const renewed = await post('/api/two-factor/recovery-codes', { code: codeAt(secret) }, res2.json().token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    expect(await challengeOf(email, cookie2)).toMatchObject({ enrol: false });
  });

  it('turning it off needs a current code, forgets everything, and the password alone opens a session again', async () => {
    const email = await newAccount(USER_TYPE.principal);
    const { secret, recoveryCodes } = await enable(email);
    setClock(START + STEP_MS);
    const token = await tokenOfWithCode(email, recoveryCodes[0] ?? '');
    const wrong = await post('/api/two-factor/disable', { code: codeAt(secret, START - 5 * STEP_MS) }, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('CODE_INVALID');
    expect((await post('/api/two-factor/disable', { code: codeAt(secret) }, token)).statusCode).toBe(204);
    expect((await login(t.app, email)).statusCode).toBe(200);
    const status = await call(t.app, { method: 'GET', url: '/api/two-factor', headers: bearer(token) });
    expect(status.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await tokenOfWithRecoveryRefused(email, recoveryCodes[1] ?? '')).statusCode).toBe(200);
    expect((await post('/api/two-factor/disable', { code: codeAt(secret) }, token)).statusCode).toBe(409);
  });

  /** With two-factor off, the password alone answers: a recovery code is never asked. */
  const tokenOfWithRecoveryRefused = (email: string, _code: string) => login(t.app, email);

  it('parents and pupils have no two-factor screen: 403', async () => {
    for (const who of [DEMO.guardian, DEMO.student]) {
      const token = await tokenOf(t.app, who);
      expect(
        (await call(t.app, { method: 'GET', url: '/api/two-factor', headers: bearer(token) })).statusCode,
      ).toBe(403);
      expect((await post('/api/two-factor/setup', {}, token)).statusCode).toBe(403);
    }
  });
});

describe('the sealed secret', () => {
  const key = crypto.randomBytes(32);
  const box = secretBox(key);

  it('opens with its key for its account only', () => {
    const sealed = box.seal(sealedFor(7), 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealedFor(7), sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealedFor(8), sealed)).toBeUndefined();
    expect(box.seal(sealedFor(7), 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('a backup restored under another key opens to nothing, and a changed value too', () => {
    const sealed = box.seal(sealedFor(7), 'JBSWY3DPEHPK3PXP');
    expect(secretBox(crypto.randomBytes(32)).open(sealedFor(7), sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(
      box.open(sealedFor(7), [...parts.slice(0, 3), body.toString('base64url')].join('.')),
    ).toBeUndefined();
    expect(box.open(sealedFor(7), 'garbage')).toBeUndefined();
  });
});

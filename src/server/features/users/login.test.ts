import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import { SESSION_DAYS } from '../../../shared/constants.js';
import { buildApp } from '../../app.js';
import { connectDatabase } from '../../db/connect.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { LOGIN_LIMITS } from '../auth/login-throttle.js';
import { hashToken } from '../auth/session.js';
import { bearer, call, DEMO, login, NEW_PASSWORD, tokenOf, userIdOf } from './test-helpers.js';

/** Every call of ours that needs a token, as [method, url, body?]. */
const AUTHENTICATED_CALLS: [string, string, unknown?][] = [
  ['GET', '/api/users/profile'],
  ['PUT', '/api/users/profile', { name: 'Someone' }],
  ['GET', '/api/users/teacher'],
  ['GET', '/api/users/student/1'],
  ['GET', '/api/users?status=pending'],
  ['PATCH', '/api/users/1/status', { status: 'active' }],
  ['DELETE', '/api/users/999999'],
  ['POST', '/api/users/logout'],
];

describe.each(TEST_ENGINES)('log-in, sessions and logout on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('answers a 43-character token for an active account; only its SHA-256 is stored', async () => {
    const res = await login(t.app, DEMO.teacher);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(Object.keys(res.json())).toEqual(['token']);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessions = await t.db.selectFrom('session').selectAll().execute();
    expect(sessions.some((s) => s.token_hash === token)).toBe(false);
    const session = sessions.find((s) => s.token_hash === hashToken(token));
    expect(session?.user_id).toBe(await userIdOf(t.db, DEMO.teacher));
    const days = (Date.parse(session?.expires_at ?? '') - Date.parse(session?.created_at ?? '')) / 86_400_000;
    expect(days).toBe(SESSION_DAYS);
  });

  it('the email is matched without regard to case or surrounding spaces', async () => {
    expect((await login(t.app, '  Teacher@Demo.School ')).statusCode).toBe(200);
  });

  it('a wrong password and an unknown email get the identical answer', async () => {
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/users/login',
      payload: { email: DEMO.teacher2, password: 'not-the-password' },
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@demo.school', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: USER_MESSAGES.invalidCredentials },
    });
  });

  it('a pending account with the right password: 403 ACCOUNT_PENDING; with a wrong one: 401', async () => {
    const pending = await login(t.app, DEMO.pendingParent);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.code).toBe('ACCOUNT_PENDING');
    expect(pending.json().error.message).toBe("Your account is waiting for the principal's approval.");
    expect((await login(t.app, DEMO.pendingParent, 'wrong-password')).statusCode).toBe(401);
  });

  it('a log-in without email or password is a 400 naming the fields', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/users/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  const loginFrom = (remoteAddress: string, email: string, password: string = DEMO_PASSWORD) =>
    call(t.app, { method: 'POST', url: '/api/users/login', remoteAddress, payload: { email, password } });

  /** Ends every counter's window, as if the time had passed. */
  const windowsPass = () =>
    t.db
      .updateTable('attempt_counter')
      .set({ expires_at: Date.now() - 1000 })
      .execute();

  const { accountAtAddress, address: perAddress, account: perAccount } = LOGIN_LIMITS;

  it(`${accountAtAddress.max} failures for an account from one address: 429 with Retry-After there, even with the right password; the owner elsewhere logs in`, async () => {
    const email = DEMO.student2;
    const attacker = '198.51.100.7';
    for (let i = 0; i < accountAtAddress.max; i++) {
      expect((await loginFrom(attacker, email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const blocked = await loginFrom(attacker, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.json().error.message).toMatch(/^Too many failed log-in attempts\. Please wait 15 minutes/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Any spelling of the same email is the same account.
    expect((await loginFrom(attacker, email.toUpperCase())).statusCode).toBe(429);
    // Other accounts from the same address, and the same account from the owner's address, work.
    expect((await loginFrom(attacker, DEMO.student)).statusCode).toBe(200);
    expect((await loginFrom('192.0.2.44', email)).statusCode).toBe(200);

    // The counters live in the database: once the window has passed, log-in works again.
    await windowsPass();
    expect((await loginFrom(attacker, email)).statusCode).toBe(200);
  });

  it('a successful log-in clears the account’s counter at that address', async () => {
    const email = DEMO.teacher2;
    const here = '198.51.100.8';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < accountAtAddress.max - 1; i++) {
        expect((await loginFrom(here, email, 'wrong')).statusCode).toBe(401);
      }
      expect((await loginFrom(here, email)).statusCode).toBe(200);
    }
  });

  it(`${perAddress.max} failures from one address: 429 for every account from there`, async () => {
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < perAddress.max; i++) {
      expect((await loginFrom(remoteAddress, `guess${i}@demo.school`, 'guess-guess')).statusCode).toBe(401);
    }
    const blocked = await loginFrom(remoteAddress, DEMO.principal);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from elsewhere is fine.
    expect((await login(t.app, DEMO.principal)).statusCode).toBe(200);
  });

  it(`${perAccount.max} failures for an account from many addresses: 429 for it from everywhere, for an hour`, async () => {
    const email = DEMO.pendingTeacher;
    for (let i = 0; i < perAccount.max; i++) {
      // A new address every two guesses: only the account's own counter over all addresses stops it.
      const res = await loginFrom(`198.18.${Math.floor(i / 2)}.1`, email, `wrong-${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginFrom('192.0.2.45', email);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    await windowsPass();
    expect((await loginFrom('192.0.2.45', email)).statusCode).toBe(403);
  });

  it('300 parallel attempts on one account from one address check at most 5 passwords; the right one past the limit gets no token', async () => {
    await windowsPass();
    const attacker = '198.51.100.77';
    const email = DEMO.student;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        loginFrom(attacker, email, i === 250 ? DEMO_PASSWORD : `guess-${i}`),
      ),
    );
    const counts = new Map<number, number>();
    for (const res of answers) counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      401: accountAtAddress.max,
      429: 300 - accountAtAddress.max,
    });
    expect(answers[250]?.statusCode).toBe(429);
    expect(answers.some((res) => res.body.includes('token'))).toBe(false);
    // The refusals counted nowhere: the owner logs in from home.
    expect((await loginFrom('192.0.2.46', email)).statusCode).toBe(200);
  });

  it('a wrong current password in the profile counts as a failed log-in', async () => {
    await windowsPass();
    const here = '198.51.100.9';
    const token = (await loginFrom(here, DEMO.student2)).json().token as string;
    for (let i = 0; i < accountAtAddress.max; i++) {
      const res = await call(t.app, {
        method: 'PUT',
        url: '/api/users/profile',
        remoteAddress: here,
        headers: bearer(token),
        payload: { currentPassword: `wrong-${i}`, newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      remoteAddress: here,
      headers: bearer(token),
      payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await loginFrom(here, DEMO.student2)).statusCode).toBe(429);
    await windowsPass();
  });

  it.each(AUTHENTICATED_CALLS)(
    '%s %s without a token, or with a bad one, is a 401',
    async (method, url, payload) => {
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${'A'.repeat(43)}` },
      ]) {
        const res = await call(t.app, {
          method: method as 'GET',
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      }
    },
  );

  it('logout answers 204 and the token then fails on every authenticated call', async () => {
    const token = await tokenOf(t.app, DEMO.principal);
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(200);
    const out = await call(t.app, { method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    for (const [method, url, payload] of AUTHENTICATED_CALLS) {
      const res = await call(t.app, {
        method: method as 'GET',
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // Other sessions of the same user live on.
    const other = await tokenOf(t.app, DEMO.principal);
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(other) })).statusCode).toBe(200);
  });

  it('an expired session is a 401 and is removed', async () => {
    const token = await tokenOf(t.app, DEMO.student);
    await t.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await call(t.app, { url: '/api/users/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Your session has ended. Please log in again.');
    const left = await t.db
      .selectFrom('session')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(left).toEqual([]);
  });

  it('changing the password ends every other session, keeps this one, and the new password works', async () => {
    const email = DEMO.student;
    const first = await tokenOf(t.app, email);
    const second = await tokenOf(t.app, email);
    const wrong = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(first),
      payload: { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([
      { field: 'currentPassword', message: USER_MESSAGES.wrongCurrentPassword },
    ]);
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(second) })).statusCode).toBe(200);

    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(first),
      payload: { currentPassword: 'demo12345', newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(second) })).statusCode).toBe(401);
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(first) })).statusCode).toBe(200);
    expect((await login(t.app, email)).statusCode).toBe(401);
    expect((await login(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('the password fields go together', async () => {
    const token = await tokenOf(t.app, DEMO.teacher);
    const onlyNew = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { newPassword: NEW_PASSWORD },
    });
    expect(onlyNew.statusCode).toBe(400);
    expect(onlyNew.json().error.details).toEqual([
      { field: 'currentPassword', message: USER_MESSAGES.enterCurrentPassword },
    ]);
    const short = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { currentPassword: 'demo12345', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual([
      { field: 'newPassword', message: USER_MESSAGES.passwordTooShort },
    ]);
    // Empty password inputs of a form mean "no change".
    const empty = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { currentPassword: '', newPassword: '' },
    });
    expect(empty.statusCode).toBe(200);
  });

  it('rejecting a user ends their sessions at once', async () => {
    const principal = await tokenOf(t.app, DEMO.principal);
    const teacher = await tokenOf(t.app, DEMO.teacher);
    const id = await userIdOf(t.db, DEMO.teacher);
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers: bearer(principal),
      payload: { status: 'rejected' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(teacher) })).statusCode).toBe(401);
    expect((await login(t.app, DEMO.teacher)).statusCode).toBe(403);
    // And back: the principal re-activates the account.
    await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers: bearer(principal),
      payload: { status: 'active' },
    });
    expect((await login(t.app, DEMO.teacher)).statusCode).toBe(200);
  });

  it('deleting a user ends their sessions and removes them', async () => {
    const principal = await tokenOf(t.app, DEMO.principal);
    const victimEmail = DEMO.pendingTeacher;
    const id = await userIdOf(t.db, victimEmail);
    // Approve first so the account can log in and hold a session.
    await call(t.app, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers: bearer(principal),
      payload: { status: 'active' },
    });
    const token = await tokenOf(t.app, victimEmail);
    const res = await call(t.app, { method: 'DELETE', url: `/api/users/${id}`, headers: bearer(principal) });
    expect(res.statusCode).toBe(204);
    expect((await call(t.app, { url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(401);
    expect(await t.db.selectFrom('session').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect((await login(t.app, victimEmail)).statusCode).toBe(401);
    const again = await call(t.app, {
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: bearer(principal),
    });
    expect(again.statusCode).toBe(404);
  });
});

/**
 * Device cookies (docs/decisions/0038-device-cookies.md): strangers who exhaust an account's limits
 * do not lock out a device that logged in to it before; that device has a small budget of its own.
 */
describe.each(TEST_ENGINES)('log-in from a known device on %s', (engine) => {
  let t: TestApp;
  /** A second server process on the same database: its own connections, nothing shared in memory. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    other = await buildApp(t.appConfig, { db: await connectDatabase(t.config), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await t?.dispose();
  });

  const OWNER = DEMO.teacher;
  const HOME = '192.0.2.10';

  const loginAt = (
    remoteAddress: string,
    email: string,
    password: string = DEMO_PASSWORD,
    cookie?: string,
    app: FastifyInstance = t.app,
  ) =>
    call(app, {
      method: 'POST',
      url: '/api/users/login',
      remoteAddress,
      ...(cookie === undefined ? {} : { headers: { cookie } }),
      payload: { email, password },
    });

  const setCookieOf = (res: { headers: Record<string, unknown> }): string => {
    const header = res.headers['set-cookie'];
    expect(typeof header, 'one Set-Cookie').toBe('string');
    return header as string;
  };
  const deviceTokenOf = (res: { headers: Record<string, unknown> }): string =>
    /^kids_pre_device=([A-Za-z0-9_-]{43});/.exec(setCookieOf(res))?.[1] ?? '';
  const deviceCookieOf = (token: string) => `theme=dark; kids_pre_device=${token}`;

  /** Ends every counter's window, as if the time had passed. */
  const windowsPass = () =>
    t.db
      .updateTable('attempt_counter')
      .set({ expires_at: Date.now() - 1000 })
      .execute();

  it('a log-in sets an HttpOnly device cookie for the log-in call only; the database keeps its SHA-256', async () => {
    const res = await loginAt(HOME, DEMO.student2);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const token = deviceTokenOf(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookieOf(res)).toBe(
      `kids_pre_device=${token}; Path=/api/users/login; Max-Age=${365 * 86_400}; HttpOnly; SameSite=Lax; Secure`,
    );
    const rows = await t.db.selectFrom('device_login').selectAll().execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    const row = rows.find((r) => r.token_hash === hashToken(token));
    expect(row?.user_id).toBe(await userIdOf(t.db, DEMO.student2));
    const days = (Date.parse(row?.expires_at ?? '') - Date.parse(row?.last_used_at ?? '')) / 86_400_000;
    expect(days).toBe(365);
    // A known device keeps its token when it logs in again; failures set no cookie.
    const again = await loginAt(HOME, DEMO.student2, DEMO_PASSWORD, deviceCookieOf(token));
    expect(deviceTokenOf(again)).toBe(token);
    expect((await loginAt(HOME, DEMO.student2, 'wrong')).headers['set-cookie']).toBeUndefined();
  });

  it('60 wrong passwords from 60 addresses: the owner’s device logs in at once; unknown, forged and other accounts’ devices get 429', async () => {
    // The owner logged in before, at home: the device holds its cookie. A pupil of the same family
    // logged in on another device.
    const ownerDevice = deviceTokenOf(await loginAt(HOME, OWNER));
    const pupilDevice = deviceTokenOf(await loginAt('192.0.2.11', DEMO.student));
    expect(ownerDevice).not.toBe('');
    expect(pupilDevice).not.toBe('');

    const answers: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Half of the strangers at each server process: the counters are the database's.
      const app = i % 2 === 0 ? t.app : other;
      answers.push((await loginAt(`198.18.${i}.7`, OWNER, `guess-${i}`, undefined, app)).statusCode);
    }
    expect(answers).toEqual([...Array(LOGIN_LIMITS.account.max).fill(401), ...Array(10).fill(429)]);

    // The owner's device, at the address it logged in from, on either process: in at the first try.
    const owner = await loginAt(HOME, OWNER, DEMO_PASSWORD, deviceCookieOf(ownerDevice));
    expect(owner.statusCode).toBe(200);
    expect(deviceTokenOf(owner)).toBe(ownerDevice);
    expect((await loginAt(HOME, OWNER, DEMO_PASSWORD, deviceCookieOf(ownerDevice), other)).statusCode).toBe(
      200,
    );

    // Everyone else still meets the account's limit, even with the right password.
    const refusedCookies: (string | undefined)[] = [
      undefined,
      deviceCookieOf('A'.repeat(43)),
      deviceCookieOf('not a token'),
      'kids_pre_device=',
      deviceCookieOf(pupilDevice),
      `kids_pre_device=${ownerDevice.slice(0, 42)}`,
    ];
    for (const cookie of refusedCookies) {
      const res = await loginAt(HOME, OWNER, DEMO_PASSWORD, cookie);
      expect(res.statusCode, String(cookie)).toBe(429);
      expect(res.json().error.code).toBe('TOO_MANY_ATTEMPTS');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The pupil's own device works for the pupil.
    expect(
      (await loginAt('192.0.2.11', DEMO.student, DEMO_PASSWORD, deviceCookieOf(pupilDevice))).statusCode,
    ).toBe(200);
  });

  it(`the owner’s device has its own budget: ${LOGIN_LIMITS.accountOnDevice.max} wrong passwords lock that device out, not others`, async () => {
    await windowsPass();
    const email = DEMO.teacher2;
    const device = deviceTokenOf(await loginAt(HOME, email));
    const laptop = deviceTokenOf(await loginAt('192.0.2.12', email));
    for (let i = 0; i < LOGIN_LIMITS.accountOnDevice.max; i++) {
      // Wherever the device goes: the budget is the device's, not the address's.
      const res = await loginAt(`203.0.113.${i}`, email, `typo-${i}`, deviceCookieOf(device));
      expect(res.statusCode).toBe(401);
    }
    const locked = await loginAt(HOME, email, DEMO_PASSWORD, deviceCookieOf(device), other);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    // The device's failures counted against nothing else: another device of the owner, and an
    // unknown device at another address, log in.
    expect((await loginAt('192.0.2.12', email, DEMO_PASSWORD, deviceCookieOf(laptop))).statusCode).toBe(200);
    expect((await loginAt('192.0.2.13', email)).statusCode).toBe(200);
    await windowsPass();
    expect((await loginAt(HOME, email, DEMO_PASSWORD, deviceCookieOf(device))).statusCode).toBe(200);
  });

  it('a family’s shared computer stays known for each account that logged in on it', async () => {
    await windowsPass();
    const shared = deviceTokenOf(await loginAt(HOME, DEMO.guardian));
    const child = await loginAt(HOME, DEMO.student2, DEMO_PASSWORD, deviceCookieOf(shared));
    expect(deviceTokenOf(child)).toBe(shared);
    // Strangers fill the parent's limit; the shared computer still gets in, as parent and as child.
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
      expect((await loginAt(`198.19.${i}.1`, DEMO.guardian, `guess-${i}`)).statusCode).toBe(401);
    }
    expect((await loginAt(HOME, DEMO.guardian)).statusCode).toBe(429);
    expect((await loginAt(HOME, DEMO.guardian, DEMO_PASSWORD, deviceCookieOf(shared))).statusCode).toBe(200);
    expect((await loginAt(HOME, DEMO.student2, DEMO_PASSWORD, deviceCookieOf(shared))).statusCode).toBe(200);
  });

  it('an expired device, or one whose account was deleted, is an unknown device', async () => {
    await windowsPass();
    const email = DEMO.student;
    const device = deviceTokenOf(await loginAt(HOME, email));
    await t.db
      .updateTable('device_login')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(device))
      .execute();
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
      expect((await loginAt(`198.20.${i}.1`, email, `guess-${i}`)).statusCode).toBe(401);
    }
    expect((await loginAt(HOME, email, DEMO_PASSWORD, deviceCookieOf(device))).statusCode).toBe(429);
    // Deleting an account forgets its devices.
    const principal = (await loginAt(HOME, DEMO.principal)).json().token as string;
    const id = await userIdOf(t.db, email);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: bearer(principal),
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await t.db.selectFrom('device_login').select('token_hash').where('user_id', '=', id).execute(),
    ).toEqual([]);
  });
  it('a new password forgets the account’s devices: one that logged in with the old one is a stranger again', async () => {
    await windowsPass();
    const email = DEMO.teacher2;
    // Someone logged in with the password before it was changed: their device is known.
    const before = await loginAt('192.0.2.30', email);
    const device = deviceTokenOf(before);
    const token = before.json().token as string;
    const id = await userIdOf(t.db, email);
    const devicesOf = () =>
      t.db.selectFrom('device_login').select('token_hash').where('user_id', '=', id).execute();
    expect(await devicesOf()).toContainEqual({ token_hash: hashToken(device) });

    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await devicesOf()).toEqual([]);
    // Strangers fill the account's limit: that device no longer has a budget of its own.
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
      expect((await loginAt(`198.21.${i}.1`, email, `guess-${i}`)).statusCode).toBe(401);
    }
    expect((await loginAt('192.0.2.30', email, NEW_PASSWORD, deviceCookieOf(device))).statusCode).toBe(429);
  });
});

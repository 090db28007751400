import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import { SESSION_DAYS } from '../../../shared/constants.js';
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

  it(`${LOGIN_LIMITS.perAccount} failures for one account: 429 TOO_MANY_ATTEMPTS with Retry-After, even with the right password`, async () => {
    const email = DEMO.student2;
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      // A new address each time: the account's own counter must be what stops it.
      expect((await login(t.app, email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.json().error.message).toMatch(/^Too many failed log-in attempts\. Please wait 15 minutes/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Any spelling of the same email is the same account.
    expect((await login(t.app, email.toUpperCase())).statusCode).toBe(429);
    // Other accounts are not affected.
    expect((await login(t.app, DEMO.student)).statusCode).toBe(200);

    // The counters live in the database: once the window has passed, log-in works again.
    await t.db
      .withTables<{ login_throttle: { window_start: string } }>()
      .updateTable('login_throttle')
      .set({ window_start: new Date(Date.now() - LOGIN_LIMITS.windowMs - 1000).toISOString() })
      .execute();
    expect((await login(t.app, email)).statusCode).toBe(200);
  });

  it('a successful log-in clears the account’s counter', async () => {
    const email = DEMO.teacher2;
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) {
      expect((await login(t.app, email, 'wrong')).statusCode).toBe(401);
    }
    expect((await login(t.app, email)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) {
      expect((await login(t.app, email, 'wrong')).statusCode).toBe(401);
    }
    expect((await login(t.app, email)).statusCode).toBe(200);
  });

  it(`${LOGIN_LIMITS.perAddress} failures from one address: 429 for every account from there`, async () => {
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/users/login',
        remoteAddress,
        payload: { email: `guess${i}@demo.school`, password: 'guess-guess' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call(t.app, {
      method: 'POST',
      url: '/api/users/login',
      remoteAddress,
      payload: { email: DEMO.principal, password: 'demo12345' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from elsewhere is fine.
    expect((await login(t.app, DEMO.principal)).statusCode).toBe(200);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { SESSION_COOKIE } from '../../../shared/constants.js';
import type { SsoConfig } from '../../config.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { logInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider.js';
import { bearer, DEMO_USERS } from '../../test/school-fixtures.js';
import { DEVICE_COOKIE } from '../auth/device-login.js';

/**
 * Signing in with the school's provider (docs/decisions/0107-sign-in-with-the-schools-provider.md),
 * against a real OpenID Connect provider on this machine.
 */

const PUBLIC_URL = 'https://school.test';
const CALLBACK = `${PUBLIC_URL}/api/users/login/sso/callback`;

const setCookies = (header: string | string[] | undefined): string[] =>
  header === undefined ? [] : Array.isArray(header) ? header : [header];

/** `name=value` of the answer's cookie `name`, or undefined. */
function cookieOf(header: string | string[] | undefined, name: string): string | undefined {
  const line = setCookies(header).find((candidate) => candidate.startsWith(`${name}=`));
  return line?.split(';')[0];
}

describe.each(TEST_ENGINES)('signing in with the school’s provider (%s)', (engine) => {
  let provider: TestProvider;
  const apps: TestApp[] = [];
  const settings = (changes: Partial<SsoConfig> = {}): SsoConfig => ({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    name: 'Test ID',
    audience: 'both',
    staffMust: false,
    ...changes,
  });
  const appWith = async (changes: Partial<SsoConfig> | null = {}): Promise<TestApp> => {
    const t = await createTestApp(engine, {
      demo: true,
      publicUrl: PUBLIC_URL,
      sso: changes === null ? undefined : settings(changes),
    });
    apps.push(t);
    return t;
  };
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK);
    provider.accounts.set('teacher', { email: 'Teacher@Demo.School', email_verified: true });
    provider.accounts.set('parent', { email: DEMO_USERS.parent, email_verified: true });
    provider.accounts.set('unverified', { email: DEMO_USERS.teacher2, email_verified: false });
    provider.accounts.set('stranger', { email: 'nobody@elsewhere.example', email_verified: true });
    t = await appWith();
  });
  afterAll(async () => {
    for (const app of apps) await app.dispose();
    await provider?.close();
  });

  /** Starts a sign-in: the provider's address and the browser's state cookie. */
  async function start(app: TestApp) {
    const res = await app.app.inject({ method: 'GET', url: '/api/users/login/sso/start' });
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
    const stateCookie = cookieOf(res.headers['set-cookie'], 'kids_pre_sso_state');
    expect(stateCookie).toBeDefined();
    return { location, stateCookie: stateCookie ?? '' };
  }

  const callback = (app: TestApp, back: URL, cookie: string) =>
    app.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });

  async function signIn(app: TestApp, login: string) {
    const started = await start(app);
    const back = await logInAtProvider(started.location, login);
    return callback(app, back, started.stateCookie);
  }

  it('tells the login page the provider’s name, and nothing when there is none', async () => {
    const on = await t.app.inject({ method: 'GET', url: '/api/users/login/sso' });
    expect(on.json()).toEqual({ enabled: true, name: 'Test ID', audience: 'both' });
    const offApp = await appWith(null);
    const off = await offApp.app.inject({ method: 'GET', url: '/api/users/login/sso' });
    expect(off.json()).toEqual({ enabled: false, name: '', audience: 'both' });
    // The same answer is kept for the login page's server rendering, which puts the button in the
    // page's HTML and hands the name to the login form's island (pages/server-pages.ts).
    expect(await t.app.keptAnswers.parsed('/api/users/login/sso')).toEqual({
      enabled: true,
      name: 'Test ID',
      audience: 'both',
    });
    expect(await offApp.app.keptAnswers.parsed('/api/users/login/sso')).toEqual({
      enabled: false,
      name: '',
      audience: 'both',
    });
    const startOff = await offApp.app.inject({ method: 'GET', url: '/api/users/login/sso/start' });
    expect(startOff.statusCode).toBe(404);
  });

  it('asks for the code with PKCE (S256), a state and a nonce', async () => {
    const { location } = await start(t);
    const asked = new URL(location).searchParams;
    expect(asked.get('response_type')).toBe('code');
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('state')).toBeTruthy();
    expect(asked.get('nonce')).toBeTruthy();
    expect(asked.get('redirect_uri')).toBe(CALLBACK);
  });

  it('signs a teacher in by their verified email (any case): the product’s own session and a known device', async () => {
    const res = await signIn(t, 'teacher');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const session = cookieOf(res.headers['set-cookie'], SESSION_COOKIE);
    const token = session?.split('=')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const line = setCookies(res.headers['set-cookie']).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/Secure/);
    expect(line).not.toMatch(/HttpOnly/);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().results.email).toBe(DEMO_USERS.teacher);
    // The device is now known to the account, as after a password log-in.
    const device = cookieOf(res.headers['set-cookie'], DEVICE_COOKIE);
    expect(device).toBeDefined();
    const logInFromDevice = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: DEMO_USERS.teacher, password: DEMO_PASSWORD },
      headers: { cookie: device ?? '' },
    });
    expect(logInFromDevice.statusCode).toBe(200);
    expect(cookieOf(logInFromDevice.headers['set-cookie'], DEVICE_COOKIE)).toBe(device);
  });

  it('refuses an answer whose state is not the one this browser started with', async () => {
    const first = await start(t);
    const second = await start(t);
    const back = await logInAtProvider(first.location, 'teacher');
    const res = await callback(t, back, second.stateCookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?sso=expired');
    expect(cookieOf(res.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
    // Without the browser's cookie at all.
    const bare = await callback(t, back, '');
    expect(bare.headers.location).toBe('/login?sso=expired');
  });

  it('takes an answer once: the same callback again is refused', async () => {
    const started = await start(t);
    const back = await logInAtProvider(started.location, 'teacher');
    expect((await callback(t, back, started.stateCookie)).headers.location).toBe('/dashboard');
    expect((await callback(t, back, started.stateCookie)).headers.location).toBe('/login?sso=expired');
  });

  it('refuses an id token whose nonce is not the one asked for', async () => {
    const started = await start(t);
    await t.db.updateTable('sso_pending').set({ nonce: 'another-nonce-than-the-one-sent' }).execute();
    const back = await logInAtProvider(started.location, 'teacher');
    const res = await callback(t, back, started.stateCookie);
    expect(res.headers.location).toBe('/login?sso=failed');
    expect(cookieOf(res.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a code exchanged without the verifier its challenge was made from', async () => {
    const started = await start(t);
    await t.db
      .updateTable('sso_pending')
      .set({ code_verifier: 'x'.repeat(43) })
      .execute();
    const back = await logInAtProvider(started.location, 'teacher');
    expect((await callback(t, back, started.stateCookie)).headers.location).toBe('/login?sso=failed');
  });

  it('refuses an email the provider does not vouch for, and one no account has', async () => {
    expect((await signIn(t, 'unverified')).headers.location).toBe('/login?sso=unverified');
    expect((await signIn(t, 'stranger')).headers.location).toBe('/login?sso=unknown');
    const users = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('email_key', '=', 'nobody@elsewhere.example')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses a pending or rejected account as the password log-in does', async () => {
    await t.db
      .updateTable('app_user')
      .set({ status: 'pending' })
      .where('email_key', '=', DEMO_USERS.parent)
      .execute();
    expect((await signIn(t, 'parent')).headers.location).toBe('/login?sso=pending');
    await t.db
      .updateTable('app_user')
      .set({ status: 'rejected' })
      .where('email_key', '=', DEMO_USERS.parent)
      .execute();
    expect((await signIn(t, 'parent')).headers.location).toBe('/login?sso=rejected');
    await t.db
      .updateTable('app_user')
      .set({ status: 'active' })
      .where('email_key', '=', DEMO_USERS.parent)
      .execute();
    expect((await signIn(t, 'parent')).headers.location).toBe('/dashboard');
  });

  it('lets only staff in when the school says staff only', async () => {
    const staffOnly = await appWith({ audience: 'staff' });
    expect((await signIn(staffOnly, 'parent')).headers.location).toBe('/login?sso=notAllowed');
    expect((await signIn(staffOnly, 'teacher')).headers.location).toBe('/dashboard');
    const parentsOnly = await appWith({ audience: 'parents' });
    expect((await signIn(parentsOnly, 'teacher')).headers.location).toBe('/login?sso=notAllowed');
  });

  it('refuses a teacher’s password when staff must use the provider; a parent and the principal keep theirs', async () => {
    const staffMust = await appWith({ staffMust: true });
    const passwordLogIn = (email: string, password = DEMO_PASSWORD) =>
      staffMust.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    const teacher = await passwordLogIn(DEMO_USERS.teacher);
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json().error.code).toBe(AUTH_ERROR_CODES.ssoRequired);
    // A wrong password learns nothing of it.
    expect((await passwordLogIn(DEMO_USERS.teacher, 'not the password')).statusCode).toBe(401);
    expect((await passwordLogIn(DEMO_USERS.parent)).statusCode).toBe(200);
    expect((await passwordLogIn(DEMO_USERS.principal)).statusCode).toBe(200);
    expect((await passwordLogIn(DEMO_USERS.student)).statusCode).toBe(200);
    expect((await signIn(staffMust, 'teacher')).headers.location).toBe('/dashboard');
  });

  it('answers any query the callback may be sent with a refusal, never an error', async () => {
    const queries = [
      '',
      '?code=x',
      '?state=',
      '?state=%00&code=%ff',
      `?state=${'a'.repeat(300)}`,
      '?error=access_denied&state=zz',
      '?code[]=1&state[]=2',
      '?iss=javascript:alert(1)&code=1&state=1',
    ];
    for (const query of queries) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/login/sso/callback${query}`,
        headers: { cookie: 'kids_pre_sso_state=zz' },
      });
      expect([303, 400], query).toContain(res.statusCode);
      if (res.statusCode === 303)
        expect(String(res.headers.location)).toMatch(/^\/login\?sso=(expired|failed)$/);
    }
  });
});

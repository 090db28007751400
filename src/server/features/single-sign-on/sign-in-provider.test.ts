import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, SSO_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { SignInProviderInput } from '../../../shared/api/single-sign-on.js';
import { renderer } from '../../../web/entry-server.js';
import { buildApp } from '../../app.js';
import { connectDatabase, type Db } from '../../db/connect.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { DiskFileStore } from '../../lib/file-store/disk-file-store.js';
import { loadSealingKey, sealingKeyOf } from '../../lib/secret-box.js';
import type { TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { logInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider.js';
import { createPagesTestApp } from '../../test/pages-app.js';
import { bearer, DEMO_USERS, logIn } from '../../test/school-fixtures.js';
import { backupToFile } from '../backup/backup.js';

/**
 * The principal sets the school's sign-in provider
 * (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md), against a real OpenID Connect
 * provider on this machine: who may use it and whether staff must, over the environment's
 * defaults; the connection itself when the environment names none, its client secret sealed and
 * never sent back; every change seen at once by a second server process on the same database, and
 * by the login page's answer and rendered page.
 */

const PUBLIC_URL = 'https://school.test';
const CALLBACK = `${PUBLIC_URL}/api/users/login/sso/callback`;
const URL_ = '/api/admin/sign-in-provider';

function cookieOf(header: string | string[] | undefined, name: string): string | undefined {
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${name}=`))?.split(';')[0];
}

/** Every value of the provider's row, as text: what a direct read of the database shows. */
async function settingsRow(db: Db): Promise<string> {
  return JSON.stringify(await db.selectFrom('sso_settings').selectAll().execute());
}

describe.each(TEST_ENGINES)('the principal’s sign-in provider (%s)', (engine) => {
  let provider: TestProvider;
  const apps: TestApp[] = [];
  const others: FastifyInstance[] = [];

  beforeAll(async () => {
    provider = await startTestProvider(CALLBACK);
    provider.accounts.set('teacher', { email: DEMO_USERS.teacher, email_verified: true });
    provider.accounts.set('parent', { email: DEMO_USERS.parent, email_verified: true });
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    for (const app of apps) await app.dispose();
    await provider?.close();
  });

  /** The app with the provider in OIDC_* (its policy as OIDC_FOR and OIDC_STAFF_MUST), or with none. */
  async function appWith(
    environment: 'provider' | 'none',
    defaults = { audience: 'both', staffMust: false },
  ) {
    const t = await createPagesTestApp(engine, {
      demo: true,
      publicUrl: PUBLIC_URL,
      sso:
        environment === 'provider'
          ? {
              issuer: provider.issuer,
              clientId: provider.clientId,
              clientSecret: provider.clientSecret,
              name: 'Test ID',
              audience: defaults.audience as 'both',
              staffMust: defaults.staffMust,
            }
          : undefined,
    });
    apps.push(t);
    return t;
  }

  /**
   * A second server process on the same database (and the same DATA_DIR, so the same key file),
   * rendering the public pages as the first.
   */
  async function secondProcess(t: TestApp): Promise<FastifyInstance> {
    const other = await buildApp(t.appConfig, {
      db: await connectDatabase(t.config),
      logger: false,
      pageRenderer: renderer,
    });
    await other.ready();
    others.push(other);
    return other;
  }

  async function signIn(app: FastifyInstance, login: string) {
    const started = await app.inject({ method: 'GET', url: '/api/users/login/sso/start' });
    expect(started.statusCode, started.body).toBe(303);
    const back = await logInAtProvider(String(started.headers.location), login);
    const res = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookieOf(started.headers['set-cookie'], 'kids_pre_sso_state') ?? '' },
    });
    return String(res.headers.location);
  }

  const passwordLogIn = (app: FastifyInstance, email: string) =>
    app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: DEMO_PASSWORD } });

  const NO_CONNECTION = { issuerUrl: '', clientId: '', clientSecret: '', removeSecret: false, name: '' };
  const save = (app: FastifyInstance, token: string, body: Partial<SignInProviderInput>) =>
    app.inject({
      method: 'PUT',
      url: URL_,
      headers: bearer(token),
      payload: { audience: 'both', staffMust: false, ...NO_CONNECTION, ...body },
    });
  const read = async (app: FastifyInstance, token: string) => {
    const res = await app.inject({ method: 'GET', url: URL_, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const options = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/users/login/sso' })).json();
  const loginPage = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    // The markup alone: the page's data carries the catalog's texts too.
    return res.body.replace(/<script[\s\S]*?<\/script>/g, '');
  };

  describe('with the provider in the environment', () => {
    let t: TestApp;
    let principal: string;
    beforeAll(async () => {
      t = await appWith('provider');
      principal = await logIn(t.app, DEMO_USERS.principal);
    });

    it('shows the environment’s connection read-only, without its secret, and its defaults until the principal chooses', async () => {
      const res = await t.app.inject({ method: 'GET', url: URL_, headers: bearer(principal) });
      expect(res.json()).toEqual({
        audience: 'both',
        staffMust: false,
        chosen: false,
        connection: {
          source: 'environment',
          issuerUrl: provider.issuer,
          clientId: provider.clientId,
          name: 'Test ID',
          secretSet: true,
          secretReadable: true,
        },
        redirectUri: CALLBACK,
      });
      expect(res.body).not.toContain(provider.clientSecret);
      // The connection is not the screen's to change; nothing is saved.
      const refused = await save(t.app, principal, { issuerUrl: 'https://idp.example', clientId: 'x' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe(SSO_ERROR_CODES.setByEnvironment);
      expect(await settingsRow(t.db)).toBe('[]');
    });

    it('takes OIDC_FOR and OIDC_STAFF_MUST as the defaults', async () => {
      const strict = await appWith('provider', { audience: 'staff', staffMust: true });
      const token = await logIn(strict.app, DEMO_USERS.principal);
      expect(await read(strict.app, token)).toMatchObject({
        audience: 'staff',
        staffMust: true,
        chosen: false,
      });
      expect((await passwordLogIn(strict.app, DEMO_USERS.teacher)).statusCode).toBe(403);
      expect(await signIn(strict.app, 'parent')).toBe('/login?sso=notAllowed');
      // The principal's choice wins over them.
      expect((await save(strict.app, token, { audience: 'both', staffMust: false })).statusCode).toBe(200);
      expect((await passwordLogIn(strict.app, DEMO_USERS.teacher)).statusCode).toBe(200);
      expect(await signIn(strict.app, 'parent')).toBe('/dashboard');
    });

    it('switching parents off refuses a parent’s sign-in, and the login page says whom it is for', async () => {
      expect(await signIn(t.app, 'parent')).toBe('/dashboard');
      expect(await options(t.app)).toEqual({ enabled: true, name: 'Test ID', audience: 'both' });
      expect(await loginPage(t.app)).not.toContain('For the school’s staff');

      const res = await save(t.app, principal, { audience: 'staff' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ audience: 'staff', staffMust: false, chosen: true });
      expect(await signIn(t.app, 'parent')).toBe('/login?sso=notAllowed');
      expect(await signIn(t.app, 'teacher')).toBe('/dashboard');
      expect(await options(t.app)).toEqual({ enabled: true, name: 'Test ID', audience: 'staff' });
      expect(await t.app.keptAnswers.parsed('/api/users/login/sso')).toEqual({
        enabled: true,
        name: 'Test ID',
        audience: 'staff',
      });
      const page = await loginPage(t.app);
      expect(page).toContain('Sign in with Test ID');
      expect(page).toContain('For the school’s staff');

      expect((await save(t.app, principal, { audience: 'both' })).statusCode).toBe(200);
      expect(await signIn(t.app, 'parent')).toBe('/dashboard');
      expect(await loginPage(t.app)).not.toContain('For the school’s staff');
    });

    it('staff must: a teacher’s password is refused (403 SSO_REQUIRED) and works again once it is off; the principal keeps theirs', async () => {
      expect((await save(t.app, principal, { staffMust: true })).statusCode).toBe(200);
      const refused = await passwordLogIn(t.app, DEMO_USERS.teacher);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe(AUTH_ERROR_CODES.ssoRequired);
      expect((await passwordLogIn(t.app, DEMO_USERS.principal)).statusCode).toBe(200);
      expect((await passwordLogIn(t.app, DEMO_USERS.parent)).statusCode).toBe(200);
      expect(await signIn(t.app, 'teacher')).toBe('/dashboard');

      expect((await save(t.app, principal, { staffMust: false })).statusCode).toBe(200);
      expect((await passwordLogIn(t.app, DEMO_USERS.teacher)).statusCode).toBe(200);
    });

    it('a second server process on the same database sees each change at its next request', async () => {
      const other = await secondProcess(t);
      expect(await options(other)).toMatchObject({ audience: 'both' });
      await loginPage(other);

      expect((await save(t.app, principal, { audience: 'staff', staffMust: true })).statusCode).toBe(200);
      expect(await options(other)).toEqual({ enabled: true, name: 'Test ID', audience: 'staff' });
      expect(await loginPage(other)).toContain('For the school’s staff');
      expect((await passwordLogIn(other, DEMO_USERS.teacher)).json().error.code).toBe(
        AUTH_ERROR_CODES.ssoRequired,
      );
      expect(await signIn(other, 'parent')).toBe('/login?sso=notAllowed');

      expect((await save(other, principal, { audience: 'both', staffMust: false })).statusCode).toBe(200);
      expect(await options(t.app)).toMatchObject({ audience: 'both' });
      expect((await passwordLogIn(t.app, DEMO_USERS.teacher)).statusCode).toBe(200);
    });

    it('checks the provider in use, and one typed in: its discovery, or why not', async () => {
      const check = (issuerUrl: string) =>
        t.app.inject({
          method: 'POST',
          url: `${URL_}/check`,
          headers: bearer(principal),
          payload: { issuerUrl },
        });
      expect((await check('')).json()).toMatchObject({ ok: true, issuerUrl: provider.issuer });
      expect((await check(provider.issuer)).json()).toMatchObject({ ok: true });
      const wrongPath = (await check(`${provider.issuer}/nothing-here`)).json();
      expect(wrongPath).toMatchObject({ ok: false, failure: 'badAnswer' });
      expect(wrongPath.detail).toMatch(/404/);
      // The same provider under another name: its metadata names its own issuer.
      const port = new URL(provider.issuer).port;
      expect((await check(`http://localhost:${port}`)).json()).toMatchObject({
        ok: false,
        failure: 'issuerMismatch',
      });
      // A port nobody listens on.
      const closed = await new Promise<number>((resolve) => {
        const server = net.createServer();
        server.listen(0, '127.0.0.1', () => {
          const { port: free } = server.address() as AddressInfo;
          server.close(() => resolve(free));
        });
      });
      expect((await check(`http://127.0.0.1:${closed}`)).json()).toMatchObject({
        ok: false,
        failure: 'unreachable',
      });
      const bad = await check('http://idp.example');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('with no provider in the environment', () => {
    let t: TestApp;
    let principal: string;
    const connection = () => ({
      issuerUrl: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      name: 'School ID',
    });
    beforeAll(async () => {
      t = await appWith('none');
      principal = await logIn(t.app, DEMO_USERS.principal);
    });

    it('offers nothing until the principal enters a provider; staff must means nothing without one', async () => {
      expect(await read(t.app, principal)).toMatchObject({
        chosen: false,
        connection: { source: 'none', issuerUrl: '', secretSet: false },
      });
      expect(await options(t.app)).toEqual({ enabled: false, name: '', audience: 'both' });
      expect((await t.app.inject({ method: 'GET', url: '/api/users/login/sso/start' })).statusCode).toBe(404);
      expect((await save(t.app, principal, { staffMust: true })).statusCode).toBe(200);
      expect((await passwordLogIn(t.app, DEMO_USERS.teacher)).statusCode).toBe(200);
      const check = await t.app.inject({
        method: 'POST',
        url: `${URL_}/check`,
        headers: bearer(principal),
        payload: { issuerUrl: '' },
      });
      expect(check.statusCode).toBe(409);
      expect(check.json().error.code).toBe(SSO_ERROR_CODES.noProvider);
    });

    it('refuses a connection that is not whole, and saves nothing of it', async () => {
      const before = await settingsRow(t.db);
      const cases: [Partial<SignInProviderInput>, string][] = [
        [{ issuerUrl: 'http://idp.example', clientId: 'x' }, 'issuerUrl'],
        [{ issuerUrl: 'https://idp.example/?a=1', clientId: 'x' }, 'issuerUrl'],
        [{ issuerUrl: 'https://idp.example' }, 'clientId'],
        [{ clientId: 'x', clientSecret: 's' }, 'issuerUrl'],
        [{ ...connection(), removeSecret: true }, 'clientSecret'],
        [{ ...connection(), name: 'x'.repeat(61) }, 'name'],
      ];
      for (const [body, field] of cases) {
        const res = await save(t.app, principal, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
      expect(await settingsRow(t.db)).toBe(before);
    });

    it('takes the connection from the screen: the secret sealed, never sent back, and sign-in works with it', async () => {
      const res = await save(t.app, principal, { ...connection(), staffMust: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(provider.clientSecret);
      expect(res.json()).toMatchObject({
        chosen: true,
        connection: {
          source: 'school',
          issuerUrl: provider.issuer,
          clientId: provider.clientId,
          name: 'School ID',
          secretSet: true,
          secretReadable: true,
        },
        redirectUri: CALLBACK,
      });
      const row = await t.db.selectFrom('sso_settings').selectAll().executeTakeFirstOrThrow();
      expect(row.client_secret_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(await settingsRow(t.db)).not.toContain(provider.clientSecret);
      expect(
        (await t.app.inject({ method: 'GET', url: URL_, headers: bearer(principal) })).body,
      ).not.toContain(provider.clientSecret);

      expect(await options(t.app)).toEqual({ enabled: true, name: 'School ID', audience: 'both' });
      expect(await loginPage(t.app)).toContain('Sign in with School ID');
      // The provider takes the client's secret at its token endpoint (client_secret_post): the sealed
      // one opened.
      expect(await signIn(t.app, 'teacher')).toBe('/dashboard');

      // Saved again with the secret left empty: the kept one stays.
      expect((await save(t.app, principal, { ...connection(), clientSecret: '', name: '' })).statusCode).toBe(
        200,
      );
      expect(await settingsRow(t.db)).toContain(row.client_secret_sealed ?? '?');
      expect(await options(t.app)).toMatchObject({ name: new URL(provider.issuer).hostname });
      expect(await signIn(t.app, 'teacher')).toBe('/dashboard');
    });

    it('keeps the secret out of a backup, and the key that opens it too', async () => {
      const { file } = await backupToFile(
        { database: t.config, files: new DiskFileStore(path.join(t.dataDir, 'uploads')) },
        { dir: path.join(t.dataDir, 'backups') },
      );
      const archive = zlib.gunzipSync(await fs.readFile(file)).toString('utf8');
      expect(archive).toContain('sso_settings');
      expect(archive).not.toContain(provider.clientSecret);
      const key = loadSealingKey(sealingKeyOf(t.appConfig)).toString('base64');
      expect(archive).not.toContain(key);
    });

    it('a second server process signs in with the provider the principal entered through the first', async () => {
      const other = await secondProcess(t);
      expect(await signIn(other, 'teacher')).toBe('/dashboard');
      expect((await save(t.app, principal, { ...connection(), name: 'Renamed ID' })).statusCode).toBe(200);
      expect(await options(other)).toMatchObject({ name: 'Renamed ID' });
      expect(await loginPage(other)).toContain('Sign in with Renamed ID');
    });

    it('says when the kept secret no longer opens (sealed under another key), and forgets it on request', async () => {
      const row = await t.db
        .selectFrom('sso_settings')
        .select('client_secret_sealed')
        .executeTakeFirstOrThrow();
      const sealed = row.client_secret_sealed ?? '';
      await t.db
        .updateTable('sso_settings')
        .set({ client_secret_sealed: sealed.replace(/^v1\.[0-9a-f]{8}\./, 'v1.00000000.') })
        .execute();
      expect((await read(t.app, principal)).connection).toMatchObject({
        secretSet: true,
        secretReadable: false,
      });
      // The provider refuses the client without its secret: the sign-in comes back refused, not an error.
      expect(await signIn(t.app, 'teacher')).toBe('/login?sso=failed');

      const removed = await save(t.app, principal, { ...connection(), clientSecret: '', removeSecret: true });
      expect(removed.json().connection).toMatchObject({ secretSet: false, secretReadable: true });
      // Entered again, it works.
      expect((await save(t.app, principal, connection())).statusCode).toBe(200);
      expect(await signIn(t.app, 'teacher')).toBe('/dashboard');
    });

    it('an empty address forgets the school’s provider, secret and all', async () => {
      expect((await save(t.app, principal, { audience: 'parents' })).statusCode).toBe(200);
      const row = await t.db.selectFrom('sso_settings').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ issuer_url: null, client_id: null, client_secret_sealed: null });
      expect(await options(t.app)).toEqual({ enabled: false, name: '', audience: 'parents' });
      expect(await loginPage(t.app)).not.toContain('Sign in with');
      expect((await t.app.inject({ method: 'GET', url: '/api/users/login/sso/start' })).statusCode).toBe(404);
    });

    it('is the principal’s alone', async () => {
      for (const who of [DEMO_USERS.teacher, DEMO_USERS.parent, DEMO_USERS.student]) {
        const token = await logIn(t.app, who);
        expect((await t.app.inject({ method: 'GET', url: URL_, headers: bearer(token) })).statusCode).toBe(
          403,
        );
        expect((await save(t.app, token, { staffMust: true })).statusCode).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url: URL_ })).statusCode).toBe(401);
    });
  });
});

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../../shared/api/push.js';
import { translatorFor } from '../../lib/i18n.js';
import { userLocale } from '../../lib/school-languages.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, type SchoolFixture, schoolFixture } from '../../test/school-fixtures.js';
import { PUSH_ENDPOINTS, sendAlert } from './send-alert.js';

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A browser's side of a push subscription: its ECDH key pair (P-256) and auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, p256dh: b64url(ecdh.getPublicKey()), authText: b64url(auth) };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm push message (RFC 8188 and RFC 8291) as the browser does. */
function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): a JWT signed ES256 with the key it names, for this audience. */
function verifyVapid(authorization: string | undefined, audience: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(\S+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt, key] = match as RegExpExecArray;
  expect(key).toBe(publicKey);
  const [header, claims, signature] = (jwt as string).split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(publicKey, 'base64url');
  const verifier = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  expect(body.aud).toBe(audience);
  expect(body.sub).toMatch(/^mailto:.+@/);
  const now = Date.now() / 1000;
  expect(body.exp).toBeGreaterThan(now);
  expect(body.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service in the test process: /gone/... answers 410 (an expired subscription), the rest 201. */
async function startPushService() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TEST_ENGINES)('push and alert settings on %s', (engine) => {
  let t: TestApp;
  let f: SchoolFixture;
  let push: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    PUSH_ENDPOINTS.allowLoopbackHttp = true;
    t = await createTestApp(engine, { demo: true });
    await t.app.ready();
    f = await schoolFixture(t);
    push = await startPushService();
  });
  afterAll(async () => {
    PUSH_ENDPOINTS.allowLoopbackHttp = false;
    await push?.close();
    await t?.dispose();
  });

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(f.tokens[caller]), ...(payload ? { payload } : {}) });

  const subscribe = async (caller: Caller, path: string, keys: BrowserKeys) => {
    const res = await call(caller, 'POST', '/api/push/subscriptions', {
      endpoint: `${push.origin}${path}`,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().devices as number;
  };

  it('has one VAPID key pair, made at start and the same for every call', async () => {
    const first = await call('parent', 'GET', '/api/push/public-key');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const key = Buffer.from(first.json().publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect((await call('teacher', 'GET', '/api/push/public-key')).json()).toEqual(first.json());
    const rows = await t.db.selectFrom('vapid_key').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an endpoint that is no push service’s, and a subscription without its keys', async () => {
    const keys = browserKeys();
    for (const endpoint of [
      'http://example.org/push/1',
      'https://10.0.0.5/push',
      'https://localhost/push',
      'ftp://x/y',
    ]) {
      const res = await call('parent', 'POST', '/api/push/subscriptions', {
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.authText },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const noKeys = await call('parent', 'POST', '/api/push/subscriptions', {
      endpoint: 'https://push.example/1',
    });
    expect(noKeys.statusCode).toBe(400);
    expect(await t.db.selectFrom('push_subscription').selectAll().execute()).toEqual([]);
  });

  it('the demo school’s staff have the families’ daily summary off', async () => {
    const principal = await call('principal', 'GET', '/api/alert-settings');
    expect(principal.json().channels['daily-summary']).toBe('off');
    expect((await call('parent', 'GET', '/api/alert-settings')).json().channels['daily-summary']).toBe(
      'email',
    );
  });

  it('keeps each user’s choice per kind, defaults where none was made, and refuses an unknown channel', async () => {
    const defaults = await call('student2', 'GET', '/api/alert-settings');
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({
      channels: {
        messages: 'push',
        photos: 'push',
        'daily-summary': 'email',
        incidents: 'push',
        absences: 'push',
        notices: 'push',
      },
      pushDevices: 0,
    });
    const changed = await call('student2', 'PUT', '/api/alert-settings', {
      channels: { photos: 'off', 'daily-summary': 'push' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().channels).toMatchObject({
      photos: 'off',
      'daily-summary': 'push',
      messages: 'push',
    });
    const bad = await call('student2', 'PUT', '/api/alert-settings', { channels: { photos: 'pigeon' } });
    expect(bad.statusCode).toBe(400);
    const unknownKind = await call('student2', 'PUT', '/api/alert-settings', {
      channels: { gossip: 'push' },
    });
    expect(unknownKind.statusCode).toBe(400);
    expect((await call('student2', 'GET', '/api/alert-settings')).json().channels.photos).toBe('off');
    // Another user's settings are their own.
    expect((await call('principal', 'GET', '/api/alert-settings')).json().channels.photos).toBe('push');
    await call('student2', 'PUT', '/api/alert-settings', {
      channels: { photos: 'push', 'daily-summary': 'email' },
    });
  });

  it('pushes an alert, signed and encrypted, that the browser’s keys decrypt to the text in its user’s language', async () => {
    const keys = browserKeys();
    expect(await subscribe('parent', '/ok/parent-phone', keys)).toBe(1);
    const publicKey = (await call('parent', 'GET', '/api/push/public-key')).json().publicKey as string;
    const before = push.received.length;
    await sendAlert(t.app, {
      kind: 'photos',
      userIds: [f.users.parent],
      title: { key: 'alerts.test.title' },
      body: { key: 'alerts.test.body', params: { name: 'Amira' } },
      path: '/dashboard',
    });
    const got = push.received.slice(before);
    expect(got).toHaveLength(1);
    const [message] = got as [Received];
    expect(message.path).toBe('/ok/parent-phone');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(message.headers.authorization, push.origin, publicKey);
    const { t: translate } = translatorFor(await userLocale(t.db, f.users.parent));
    const payload = JSON.parse(decryptPush(message.body, keys)) as PushPayload;
    expect(payload).toEqual({
      kind: 'photos',
      title: translate('alerts.test.title'),
      body: translate('alerts.test.body', { name: 'Amira' }),
      path: '/dashboard',
    });
    // Pushed, so not mailed.
    const mails = await t.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(mails.map((mail) => mail.to_address)).not.toContain('parent@demo.school');
  });

  it('mails a user without a device, in their language, and tells nobody who chose off', async () => {
    await call('principal', 'PUT', '/api/alert-settings', { channels: { incidents: 'off' } });
    await t.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', f.users.teacher).execute();
    const before = push.received.length;
    await sendAlert(t.app, {
      kind: 'incidents',
      userIds: [f.users.teacher, f.users.principal],
      title: { key: 'alerts.test.title' },
      body: { key: 'alerts.test.body', params: { name: 'Amira' } },
      path: '/dashboard/children/1/day',
    });
    expect(push.received.length).toBe(before);
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .execute();
    const teacherMails = mails.filter((mail) => mail.to_address === 'teacher@demo.school');
    expect(teacherMails).toHaveLength(1);
    const locale = await userLocale(t.db, f.users.teacher);
    const { t: translate } = translatorFor(locale);
    expect(teacherMails[0]?.subject).toBe(translate('alerts.test.title'));
    expect(teacherMails[0]?.text_body).toContain(translate('alerts.test.body', { name: 'Amira' }));
    expect(mails.some((mail) => mail.to_address === 'principal@demo.school')).toBe(false);
  });

  it('forgets a subscription the push service says is gone, and mails instead', async () => {
    const keys = browserKeys();
    await subscribe('student', '/gone/old-browser', keys);
    await sendAlert(t.app, {
      kind: 'notices',
      userIds: [f.users.student],
      title: { key: 'alerts.test.title' },
      body: { key: 'alerts.test.body', params: { name: 'Amira' } },
      path: '/notification',
    });
    expect(push.received.at(-1)?.path).toBe('/gone/old-browser');
    const left = await t.db
      .selectFrom('push_subscription')
      .select('id')
      .where('user_id', '=', f.users.student)
      .execute();
    expect(left).toEqual([]);
    const mails = await t.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(mails.map((mail) => mail.to_address)).toContain('student@demo.school');
  });

  it('a notice reaches its families’ devices by push, and mails nobody the sender did not choose to mail', async () => {
    const keys = browserKeys();
    await subscribe('parent', '/ok/parent-tablet', keys);
    const mailsBefore = (await t.db.selectFrom('mail_outbox').select('id').execute()).length;
    const before = push.received.length;
    const sent = await call('principal', 'POST', '/api/notification', {
      studentId: f.children[0],
      notification: 'Sports day moves to Friday.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const tablet = push.received.slice(before).find((message) => message.path === '/ok/parent-tablet');
    expect(tablet).toBeDefined();
    const payload = JSON.parse(decryptPush((tablet as Received).body, keys)) as PushPayload;
    const { t: translate } = translatorFor(await userLocale(t.db, f.users.parent));
    const { name: school } = await t.db
      .selectFrom('school_settings')
      .select('name')
      .executeTakeFirstOrThrow();
    expect(payload).toMatchObject({ kind: 'notices', path: '/notification' });
    expect(payload.title).toBe(translate('alerts.notice.title', { school }));
    expect(payload.body).toContain('Sports day moves to Friday.');
    expect((await t.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(mailsBefore);
  });

  it('moves an endpoint to the user who subscribed it last, and forgets it on DELETE', async () => {
    const keys = browserKeys();
    await subscribe('teacher2', '/ok/shared-tablet', keys);
    await subscribe('principal', '/ok/shared-tablet', keys);
    const owners = await t.db
      .selectFrom('push_subscription')
      .select('user_id')
      .where('endpoint', '=', `${push.origin}/ok/shared-tablet`)
      .execute();
    expect(owners).toEqual([{ user_id: f.users.principal }]);
    // Another user's DELETE leaves it alone.
    const other = await call('teacher2', 'DELETE', '/api/push/subscriptions', {
      endpoint: `${push.origin}/ok/shared-tablet`,
    });
    expect(other.json()).toEqual({ devices: 0 });
    expect((await call('principal', 'GET', '/api/alert-settings')).json().pushDevices).toBe(1);
    const own = await call('principal', 'DELETE', '/api/push/subscriptions', {
      endpoint: `${push.origin}/ok/shared-tablet`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ devices: 0 });
  });
});

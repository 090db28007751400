import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { connectDatabase } from './db/connect.js';
import { call, register, registrationFields } from './features/users/test-helpers.js';
import { createTestApp, type TestApp } from './test/app.js';
import { TEST_ENGINES } from './test/databases.js';

/**
 * Stored files at /uploads/<path>, from either store, with the answers browsers and caches had
 * from the static-file plugin: type, a day of caching, nosniff, a strong ETag and Last-Modified
 * with 304s, byte ranges, HEAD, and the app's 404 for anything else.
 */

/** Registers someone with a photo and answers the stored path of it. */
let registered = 0;
async function uploadPhoto(t: TestApp): Promise<string> {
  registered += 1;
  const res = await register(t.app, registrationFields({ email: `photo.${registered}@example.org` }));
  expect(res.statusCode, res.body).toBe(201);
  const row = await t.db
    .selectFrom('user_photo')
    .select('image')
    .where('user_id', '=', res.json().data.id)
    .executeTakeFirstOrThrow();
  expect(row.image).toMatch(/^users\/[0-9a-f]{32}\.webp$/);
  return row.image;
}

/** Checks one full answer for a stored picture and answers its ETag and Last-Modified. */
function expectServed(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBe(200);
  expect(res.headers['content-type'], label).toBe('image/webp');
  expect(res.headers['cache-control'], label).toBe('public, max-age=86400');
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['accept-ranges'], label).toBe('bytes');
  expect(res.headers['content-encoding'], label).toBeUndefined();
  expect(Number(res.headers['content-length']), label).toBe(res.rawPayload.length);
  const etag = String(res.headers.etag);
  // Strong: no W/ prefix.
  expect(etag, label).toMatch(/^"[0-9a-f-]+"$/);
  const lastModified = String(res.headers['last-modified']);
  expect(Number.isNaN(Date.parse(lastModified)), label).toBe(false);
  return { etag, lastModified };
}

/** The same answers from `app` for the stored picture `image` whose bytes are `bytes`. */
async function expectCachingAnswers(
  app: FastifyInstance,
  image: string,
  bytes: Buffer,
  etag: string,
  lastModified: string,
) {
  const url = `/uploads/${image}`;
  for (const headers of [
    { 'if-none-match': etag },
    { 'if-none-match': `"something-else", W/${etag}` },
    { 'if-none-match': '*' },
    { 'if-modified-since': lastModified },
    { 'if-modified-since': new Date(Date.parse(lastModified) + 60_000).toUTCString() },
  ]) {
    const res = await call(app, { url, headers });
    expect(res.statusCode, JSON.stringify(headers)).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  }
  // Another tag, or an older date: the whole file again.
  for (const headers of [
    { 'if-none-match': '"another"' },
    { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() },
    // If-None-Match decides when both are sent.
    { 'if-none-match': '"another"', 'if-modified-since': lastModified },
  ]) {
    const res = await call(app, { url, headers });
    expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  }

  const head = await call(app, { method: 'HEAD', url });
  expect(head.statusCode).toBe(200);
  expect(head.body).toBe('');
  expect(head.headers['content-length']).toBe(String(bytes.length));
  expect(head.headers['content-type']).toBe('image/webp');
  expect(head.headers.etag).toBe(etag);

  const part = await call(app, { url, headers: { range: 'bytes=0-9' } });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 0-9/${bytes.length}`);
  expect(part.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
  const tail = await call(app, { url, headers: { range: 'bytes=-4' } });
  expect(tail.statusCode).toBe(206);
  expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 4))).toBe(true);
  const outside = await call(app, { url, headers: { range: `bytes=${bytes.length}-` } });
  expect(outside.statusCode).toBe(416);
  expect(outside.headers['content-range']).toBe(`bytes */${bytes.length}`);
  // An If-Range for another version: the whole file.
  const stale = await call(app, { url, headers: { range: 'bytes=0-9', 'if-range': '"another"' } });
  expect(stale.statusCode).toBe(200);
  expect(stale.rawPayload.equals(bytes)).toBe(true);

  for (const missing of [
    '/uploads/users/missing.webp',
    '/uploads/',
    '/uploads/users',
    '/uploads/users/',
    '/uploads/.hidden',
    '/uploads/..%2Fsecret.txt',
    '/uploads/users/%2e%2e/x.webp',
  ]) {
    const res = await call(app, { url: missing });
    expect(res.statusCode, missing).toBe(404);
    expect(res.json(), missing).toMatchObject({ error: { code: 'NOT_FOUND' } });
  }
  const missingHead = await call(app, { method: 'HEAD', url: '/uploads/users/missing.webp' });
  expect(missingHead.statusCode).toBe(404);
}

describe.each(TEST_ENGINES)('stored files in the database, seen by every server process (%s)', (engine) => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(engine, { fileStore: 'database' });
    // A second process: its own connection, and an uploads folder of its own that stays empty.
    other = await buildApp(
      { ...t.appConfig, uploadsDir: path.join(t.dataDir, 'other-uploads') },
      { db: await connectDatabase(t.config), logger: false },
    );
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await t?.dispose();
  });

  it('serves a photo uploaded through one app from the other, with its caching answers', async () => {
    expect(t.app.files.kind).toBe('database');
    expect(other.files.kind).toBe('database');
    const image = await uploadPhoto(t);

    const fromOther = await call(other, { url: `/uploads/${image}` });
    const { etag, lastModified } = expectServed(fromOther, 'second app');
    const bytes = fromOther.rawPayload;
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    // The database store's ETag is the bytes' SHA-256, so every process answers the same one.
    expect(etag).toBe(`"${crypto.createHash('sha256').update(bytes).digest('hex')}"`);
    const fromFirst = await call(t.app, { url: `/uploads/${image}` });
    expect(expectServed(fromFirst, 'first app')).toEqual({ etag, lastModified });
    expect(fromFirst.rawPayload.equals(bytes)).toBe(true);

    await expectCachingAnswers(other, image, bytes, etag, lastModified);
    // Nothing went to either app's disk.
    await expect(fs.readdir(path.join(t.appConfig.uploadsDir, 'users'))).rejects.toThrow();
    await expect(fs.readdir(path.join(t.dataDir, 'other-uploads'))).rejects.toThrow();
  });

  it('no longer serves a photo removed through the other app', async () => {
    const image = await uploadPhoto(t);
    expect((await call(other, { url: `/uploads/${image}` })).statusCode).toBe(200);
    await other.files.remove([image]);
    expect((await call(t.app, { url: `/uploads/${image}` })).statusCode).toBe(404);
  });
});

describe('stored files on disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('serves an uploaded photo from the uploads folder with the same caching answers', async () => {
    expect(t.app.files.kind).toBe('disk');
    const image = await uploadPhoto(t);
    const onDisk = await fs.readFile(path.join(t.appConfig.uploadsDir, image));
    const res = await call(t.app, { url: `/uploads/${image}` });
    const { etag, lastModified } = expectServed(res, 'disk');
    expect(res.rawPayload.equals(onDisk)).toBe(true);
    await expectCachingAnswers(t.app, image, onDisk, etag, lastModified);
  });

  it('serves a file placed in the folder by its extension, unknown ones as bytes', async () => {
    await fs.writeFile(path.join(t.appConfig.uploadsDir, 'logo.png'), Buffer.from('png bytes'));
    await fs.writeFile(path.join(t.appConfig.uploadsDir, 'notes.txt'), 'hello');
    expect((await call(t.app, { url: '/uploads/logo.png' })).headers['content-type']).toBe('image/png');
    expect((await call(t.app, { url: '/uploads/notes.txt' })).headers['content-type']).toBe(
      'application/octet-stream',
    );
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from './test/app.js';
import { TEST_ENGINES } from './test/databases.js';
import { withTestApp } from './test-helpers.js';

describe.each(TEST_ENGINES)('the app on %s', (engine) => {
  const t = withTestApp(engine);

  it('GET /api/health answers ok (the process is alive)', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('an unknown API path is a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Nothing is at GET /api/no-such-call.' },
    });
  });

  it('publishes the OpenAPI document with the public calls', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/home', '/api/gallery', '/api/health']),
    );
    const docs = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('switches off the browser features the product does not use, on every answer', async () => {
    // A call, a public content answer twice (the second is the kept answer, sent early), a 404.
    for (const url of ['/api/health', '/api/home', '/api/home', '/api/no-such-call']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'fullscreen']) {
        expect(policy, url).toContain(`${feature}=()`);
      }
    }
  });

  it('a missing upload is a 404, not the app', async () => {
    const res = await t.app.inject({ url: '/uploads/nothing-here.webp' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses path traversal out of the uploads folder', async () => {
    await fs.writeFile(path.join(t.dataDir, 'secret.txt'), 'TOP-SECRET-CONTENT');
    for (const url of ['/uploads/..%2Fsecret.txt', '/uploads/../secret.txt', '/uploads/%2e%2e/secret.txt']) {
      const res = await t.app.inject({ url });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('TOP-SECRET-CONTENT');
    }
  });
});

/** A script large enough to be worth compressing, and compressing well, like a real bundle. */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "item ${i}";`).join('\n');

describe('the React app for every other path', () => {
  let unbuilt: TestApp;
  let built: TestApp;
  let webDir: string;
  beforeAll(async () => {
    unbuilt = await createTestApp('sqlite');
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    await fs.writeFile(path.join(webDir, 'assets', 'big-1234.js'), BIG_SCRIPT);
    await precompressFolder(webDir);
    built = await createTestApp('sqlite', { webDistDir: webDir });
  });
  afterAll(async () => {
    await unbuilt?.dispose();
    await built?.dispose();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('says how to build when the web app is not built', async () => {
    const res = await unbuilt.app.inject({ url: '/about' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it.each([
    '/',
    '/about',
    '/About/',
    '/registation',
    '/blogdetail?post=3',
    '/student-attendence/3',
    '/result-summary/12?x=1',
  ])('a direct load of %s returns the app', async (url) => {
    const res = await built.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it.each(['/no-such-page', '/about/more', '/student-profile', '/student-profile/3/extra', '/registration'])(
    '%s is no page of the app: the app (its not-found page) with status 404',
    async (url) => {
      const res = await built.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves built assets with a long cache and a missing asset as 404', async () => {
    const asset = await built.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await built.app.inject({ url: '/assets/gone-999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('a built script goes as its brotli or gzip copy to a browser that accepts one, else as it is', async () => {
    // Small files get no copies: the saved bytes would not pay for the lookup.
    await expect(fs.stat(path.join(webDir, 'assets', 'app-1234.js.br'))).rejects.toThrow();
    const br = await built.app.inject({
      url: '/assets/big-1234.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await built.app.inject({ url: '/assets/big-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await built.app.inject({ url: '/assets/big-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('answers over 1 KB are compressed on the fly; small ones and compressed request bodies are not', async () => {
    const doc = await built.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);
    const health = await built.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    // A gzip body is not inflated (a few KB could unpack to gigabytes): it is no JSON, a 400.
    const zipped = await built.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ name: 'Ann', email: 'ann@example.org' })),
    });
    expect(zipped.statusCode).toBe(400);
  });

  it('does not answer the app to other methods', async () => {
    const res = await built.app.inject({ method: 'POST', url: '/about' });
    expect(res.statusCode).toBe(404);
  });
});

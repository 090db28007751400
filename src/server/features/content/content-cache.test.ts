import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_COLLECTION_NAMES, toWireRecord } from '../../../shared/api/content.js';
import { buildApp } from '../../app.js';
import { connectDatabase } from '../../db/connect.js';
import { readDataVersion } from '../../lib/data-version.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withDemoSchool } from '../../test/school-fixtures.js';
import { readSettings } from '../settings/settings.repository.js';
import { bearer, call, png } from '../users/test-helpers.js';
import { listContentRecords } from './content.repository.js';

/**
 * The public content calls and the settings answer from bytes kept by the public site's data
 * version (docs/decisions/0027-content-cache.md). A second app on its own connection to the same
 * database stands for a second server process: what it writes must show in the first one at once.
 */
describe.each(TEST_ENGINES)('public answers kept by content version (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await buildApp(t.appConfig, { db: await connectDatabase(t.config), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const get = (url: string, headers: InjectOptions['headers'] = {}, app = t.app) =>
    call(app, { method: 'GET', url, headers });
  const asPrincipal = (app: FastifyInstance, options: InjectOptions) =>
    call(app, { ...options, headers: { ...options.headers, ...bearer(f.tokens.principal) } });
  const contentVersion = () => readDataVersion(t.db, 'content');

  /** The first home record, changed through `app`'s admin API. */
  async function changeHome(app: FastifyInstance, heading: string) {
    const [home] = (await get('/api/home')).json().data;
    const res = await asPrincipal(app, {
      method: 'PUT',
      url: `/api/admin/content/home/${home.id}`,
      payload: { ...home, id: undefined, heading },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('answers what the database holds, twice the same, for every collection and the settings', async () => {
    for (const collection of CONTENT_COLLECTION_NAMES) {
      const records = await listContentRecords(t.db, collection);
      const uncached = { data: records.map((record) => toWireRecord(collection, record)) };
      for (const round of [1, 2]) {
        const res = await get(`/api/${collection}`);
        expect(res.statusCode, `${collection} ${round}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.json(), `${collection} ${round}`).toEqual(uncached);
      }
    }
    const settings = { data: await readSettings(t.db) };
    expect((await get('/api/settings')).json()).toEqual(settings);
    expect((await get('/api/settings')).json()).toEqual(settings);
  });

  it('sends a strong ETag with no-cache, and 304 without a body for a matching If-None-Match', async () => {
    const first = await get('/api/home');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/api/home', { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const stale = await get('/api/home', { 'if-none-match': '"not-these-bytes"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
    // The settings too.
    const settings = await get('/api/settings');
    const settingsAgain = await get('/api/settings', { 'if-none-match': String(settings.headers.etag) });
    expect(settingsAgain.statusCode).toBe(304);
  });

  it('sends brotli or gzip made once, each with its own tag, and a 304 for any of the tags', async () => {
    const plain = await get('/api/gallery');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await get('/api/gallery', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gzip = await get('/api/gallery', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const notModified = await get('/api/gallery', {
      'accept-encoding': 'br',
      'if-none-match': String(plain.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe(br.headers.etag);

    // Under the compression threshold, plain bytes whatever the client accepts.
    const small = await get('/api/home', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers a kept answer before the other hooks, with the headers of a normal answer', async () => {
    await changeHome(t.app, 'Headers check');
    const early = vi.spyOn(t.app.keptAnswers, 'answerEarly');
    // The first request after a write is made the normal way...
    const normal = await get('/api/home');
    expect(await early.mock.results[0]?.value).toBe(false);
    // ...the next one from the first request hook.
    const fast = await get('/api/home');
    expect(await early.mock.results[1]?.value).toBe(true);
    expect(fast.body).toBe(normal.body);
    const { date: _n, 'x-request-id': normalId, ...normalHeaders } = normal.headers;
    const { date: _f, 'x-request-id': fastId, ...fastHeaders } = fast.headers;
    expect(fastHeaders).toEqual(normalHeaders);
    // Each answer carries its own request's id, the early one too.
    expect(fastId).toEqual(expect.any(String));
    expect(fastId).not.toBe(normalId);
    // The security headers are those of every other API answer.
    const health = await get('/api/health');
    const shared = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ];
    for (const name of shared) {
      expect(fast.headers[name], name).toBeDefined();
      expect(fast.headers[name], name).toBe(health.headers[name]);
    }
    const securityNames = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .filter((name) => !['content-type', 'content-length', 'etag', 'cache-control', 'date'].includes(name))
        .filter((name) => !['connection', 'keep-alive', 'vary'].includes(name))
        .sort();
    expect(securityNames(fast.headers)).toEqual(securityNames(health.headers));
  });

  it('shows a write through the admin API at once, with a new ETag', async () => {
    const before = await get('/api/home');
    await changeHome(t.app, 'Written here');
    const after = await get('/api/home', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().data[0].heading).toBe('Written here');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps each language’s answer apart, answers it early, and shows a translation written elsewhere', async () => {
    const [home] = (await get('/api/home')).json().data;
    const translate = (app: FastifyInstance, heading2: string) =>
      asPrincipal(app, {
        method: 'PUT',
        url: `/api/admin/content/home/${home.id}/translations/fr`,
        payload: { heading2 },
      });
    expect((await translate(t.app, 'Ici')).statusCode).toBe(200);
    const early = vi.spyOn(t.app.keptAnswers, 'answerEarly');
    const normal = await get('/api/home?lang=fr');
    const fast = await get('/api/home?lang=fr');
    expect(await early.mock.results[1]?.value).toBe(true);
    expect(fast.body).toBe(normal.body);
    expect(fast.json().data[0].heading2).toBe('Ici');
    expect(fast.headers.etag).not.toBe((await get('/api/home')).headers.etag);

    // Both processes have the French answer kept; a translation written there shows here.
    await get('/api/home?lang=fr', {}, other);
    expect((await translate(other, 'Ailleurs')).statusCode).toBe(200);
    expect((await get('/api/home?lang=fr')).json().data[0].heading2).toBe('Ailleurs');
    expect((await translate(t.app, '')).statusCode).toBe(200);
  });

  it('shows a write through another server process at once', async () => {
    // Both processes have the answer kept.
    await get('/api/home');
    await get('/api/home', {}, other);
    const before = await get('/api/home');
    await changeHome(other, 'Written elsewhere');
    const after = await get('/api/home');
    expect(after.json().data[0].heading).toBe('Written elsewhere');
    expect(after.headers.etag).not.toBe(before.headers.etag);

    // And the settings, written there, show here.
    const settings = (await get('/api/settings')).json().data;
    const put = await asPrincipal(other, {
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { ...settings, name: 'Renamed Elsewhere School' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get('/api/settings')).json().data.name).toBe('Renamed Elsewhere School');
  });

  it('raises the content version on every kind of write the public site shows', async () => {
    const raises = async (what: string, write: () => Promise<{ statusCode: number; body: string }>) => {
      const before = await contentVersion();
      const res = await write();
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
      expect(await contentVersion(), what).toBeGreaterThan(before);
    };
    const base = '/api/admin/content/blog';
    const [post] = (await get('/api/blog')).json().data;
    const body = { ...post, id: undefined };
    let created = 0;
    await raises('a record added', async () => {
      const res = await asPrincipal(t.app, { method: 'POST', url: base, payload: body });
      created = res.json().data.id;
      return res;
    });
    await raises('a record replaced', () =>
      asPrincipal(t.app, { method: 'PUT', url: `${base}/${created}`, payload: { ...body, heading: 'New' } }),
    );
    const ids = (await get('/api/blog')).json().data.map((record: { id: number }) => record.id);
    await raises('records reordered', () =>
      asPrincipal(t.app, { method: 'POST', url: `${base}/order`, payload: { ids: ids.reverse() } }),
    );
    await raises('a record’s translation written', () =>
      asPrincipal(t.app, {
        method: 'PUT',
        url: `${base}/${created}/translations/fr`,
        payload: { heading: 'Nouveau' },
      }),
    );
    await raises('a record deleted', () =>
      asPrincipal(t.app, { method: 'DELETE', url: `${base}/${created}` }),
    );
    const settings = (await get('/api/settings')).json().data;
    await raises('the settings', () =>
      asPrincipal(t.app, { method: 'PUT', url: '/api/admin/settings', payload: settings }),
    );
    let picture = '';
    await raises('a picture uploaded', async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'p.png');
      const res = await asPrincipal(t.app, { method: 'POST', url: '/api/admin/media', payload: form });
      picture = res.json().data?.name;
      return res;
    });
    await raises('a picture deleted', () =>
      asPrincipal(t.app, { method: 'DELETE', url: `/api/admin/media/${picture}` }),
    );

    // A refused write changes nothing, the version included.
    const before = await contentVersion();
    const refused = await asPrincipal(t.app, { method: 'PUT', url: `${base}/${ids[0]}`, payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(await contentVersion()).toBe(before);
  });
});

import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localePath } from '../../../shared/i18n/locales.js';
import { PAGE_CONTENT, SERVER_RENDERED_PATHS } from '../../../shared/page-rendering.js';
import { SCHOOL_ROUTE_PREFIXES } from '../../../shared/routes.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, tokenOf } from '../users/test-helpers.js';

const PUBLIC_URL = 'https://school.test';

type Wire = Record<string, string> & { id: number; images: { image: string; alt: string }[] };

/** The `<url>` entries of a sitemap: address and last change. */
const entriesOf = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((match) => ({
    loc: match[1],
    lastmod: match[2],
  }));

describe.each(TEST_ENGINES)('what search engines read first (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('robots.txt opens the public site and closes the API, the school area and the one-time links', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /reset-password');
    expect(SCHOOL_ROUTE_PREFIXES.length).toBeGreaterThan(10);
    for (const prefix of SCHOOL_ROUTE_PREFIXES) expect(lines).toContain(`Disallow: /${prefix}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // No public page is closed.
    for (const page of SERVER_RENDERED_PATHS.filter((path) => path !== '/')) {
      expect(lines).not.toContain(`Disallow: ${page}`);
    }
  });

  it('sitemap.xml lists every public page and every post with the day of its last change, and follows the blog', async () => {
    const read = async () => {
      const res = await t.app.inject({ url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      return entriesOf(res.body);
    };
    const posts = (await t.app.inject({ url: '/api/blog' })).json().data as { id: number }[];
    expect(posts.length).toBeGreaterThan(1);

    const entries = await read();
    const locs = entries.map((entry) => entry.loc);
    // The demo's blog detail article is one of its posts: listed once, at the post's address.
    const pages = SERVER_RENDERED_PATHS.filter((path) => path !== '/blogdetail');
    // Each in English (the demo's default, no prefix), then French and Arabic.
    const inEvery = (path: string) =>
      (['en', 'fr', 'ar'] as const).map((locale) => `${PUBLIC_URL}${localePath(path, locale, 'en')}`);
    expect(locs).toEqual([
      ...pages.flatMap(inEvery),
      ...posts.flatMap((post) => inEvery(`/blogdetail?post=${post.id}`)),
    ]);
    // A page shows its content's last change; a page without content (log-in, registration) has none.
    const today = new Date().toISOString().slice(0, 10);
    const withContent = new Set([
      ...pages.filter((path) => PAGE_CONTENT[path].length > 0).flatMap(inEvery),
      ...posts.flatMap((post) => inEvery(`/blogdetail?post=${post.id}`)),
    ]);
    expect(withContent.size).toBeGreaterThan(posts.length);
    for (const { loc, lastmod } of entries) {
      if (!withContent.has(loc ?? '')) {
        expect(lastmod, loc).toBeUndefined();
        continue;
      }
      expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((lastmod ?? '') <= today, loc).toBe(true);
    }

    // A post taken down leaves the sitemap with it.
    const principal = await tokenOf(t.app, 'principal@demo.school');
    const gone = posts[0]?.id;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/content/blog/${gone}`,
      headers: bearer(principal),
    });
    expect(removed.statusCode).toBe(204);
    const after = (await read()).map((entry) => entry.loc);
    expect(after).not.toContain(`${PUBLIC_URL}/blogdetail?post=${gone}`);
    expect(after).not.toContain(`${PUBLIC_URL}/fr/blogdetail?post=${gone}`);
    expect(after).toHaveLength(locs.length - 3);
  });

  it('lists /blogdetail itself while its article is no post, and leaves it out again once it is one', async () => {
    const principal = await tokenOf(t.app, 'principal@demo.school');
    const [article] = (await t.app.inject({ url: '/api/blogdetails' })).json().data as Wire[];
    if (!article) throw new Error('The demo has no blog detail article.');
    const listed = async () =>
      entriesOf((await t.app.inject({ url: '/sitemap.xml' })).body).map((entry) => entry.loc);
    const rename = (heading2: string) => {
      const { id, ...fields } = article;
      return t.app.inject({
        method: 'PUT',
        url: `/api/admin/content/blogdetails/${id}`,
        headers: bearer(principal),
        payload: { ...fields, heading2 },
      });
    };
    expect(await listed()).not.toContain(`${PUBLIC_URL}/blogdetail`);
    expect((await rename(`Our garden diary ${engine}`)).statusCode).toBe(200);
    expect(await listed()).toContain(`${PUBLIC_URL}/blogdetail`);
    expect((await rename(article.heading2 ?? '')).statusCode).toBe(200);
    expect(await listed()).not.toContain(`${PUBLIC_URL}/blogdetail`);
  });

  it('answers sitemap.xml and robots.txt with a strong ETag of the bytes, and 304 to a crawler that has them', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const first = await t.app.inject({ url });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      const hash = createHash('sha256').update(first.rawPayload).digest('base64url').slice(0, 27);
      expect(etag, url).toBe(`"${hash}"`);
      expect(first.headers['cache-control']).toBe('no-cache');

      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const other = await t.app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
      expect(other.statusCode, url).toBe(200);
      expect(other.body).toBe(first.body);

      // Compressed bytes have their own tag, and the plain tag still names them (RFC 9110 weak match).
      const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      // Compressed from 1 KiB on (lib/cached-answer.ts).
      const compressed = zipped.headers['content-encoding'] === 'gzip';
      expect(compressed, url).toBe(first.rawPayload.length >= 1024);
      if (compressed) {
        expect(zipped.headers.etag).toBe(`"${hash}-gzip"`);
        expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
      }
      const zippedAgain = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) },
      });
      expect(zippedAgain.statusCode, url).toBe(304);
    }
  });

  it('gives sitemap.xml a new ETag when the content changes, and no 304 for the old one', async () => {
    const principal = await tokenOf(t.app, 'principal@demo.school');
    const before = await t.app.inject({ url: '/sitemap.xml' });
    const etag = String(before.headers.etag);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/blog',
      headers: bearer(principal),
      payload: {
        heading1: '',
        heading2: '',
        heading: `Sports day ${engine}`,
        discription: 'Races, relays and a picnic on the field.',
        author: '',
        category: 'Events',
        images: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as { id: number }).id;
    const after = await t.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(entriesOf(after.body).map((entry) => entry.loc)).toContain(`${PUBLIC_URL}/blogdetail?post=${id}`);
    const unchanged = await t.app.inject({
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(after.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });
});

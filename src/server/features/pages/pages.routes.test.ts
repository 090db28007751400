import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CONTENT, SERVER_RENDERED_PATHS } from '../../../shared/page-rendering.js';
import { SCHOOL_ROUTE_PREFIXES } from '../../../shared/routes.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, tokenOf } from '../users/test-helpers.js';

const PUBLIC_URL = 'https://school.test';

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
    expect(locs).toEqual([
      ...SERVER_RENDERED_PATHS.map((path) => `${PUBLIC_URL}${path}`),
      ...posts.map((post) => `${PUBLIC_URL}/blogdetail?post=${post.id}`),
    ]);
    // A page shows its content's last change; a page without content (log-in, registration) has none.
    const today = new Date().toISOString().slice(0, 10);
    const withContent = new Set([
      ...SERVER_RENDERED_PATHS.filter((path) => PAGE_CONTENT[path].length > 0).map(
        (path) => `${PUBLIC_URL}${path}`,
      ),
      ...posts.map((post) => `${PUBLIC_URL}/blogdetail?post=${post.id}`),
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
    expect(after).toHaveLength(locs.length - 1);
  });
});

import type { FastifyInstance } from 'fastify';
import { localePath } from '../../../shared/i18n/locales.js';
import { PAGE_CONTENT, SERVER_RENDERED_PATHS } from '../../../shared/page-rendering.js';
import { SCHOOL_ROUTE_PREFIXES } from '../../../shared/routes.js';
import {
  BLOG_DETAIL_PATH,
  blogDetailCanonicalPath,
  blogPostPath,
} from '../../../shared/rules/blog-addresses.js';
import { SETUP_PATH } from '../../../shared/setup-link.js';
import { CachedAnswer, sendCachedAnswer } from '../../lib/cached-answer.js';
import { listContentRecords } from '../content/content.repository.js';
import { schoolLanguages } from '../settings/settings.repository.js';

/**
 * What search engines read first (docs/decisions/0030-server-rendering.md): `/robots.txt` (the
 * public site open, the school area, the API and the one-time links closed) and `/sitemap.xml`
 * (every public page and every blog post with the day of its last change). Each page and post is
 * listed at its one canonical address, the one its head names (shared/rules/blog-addresses.ts).
 * Both answer with a strong ETag of their bytes and 304 to a crawler that has them.
 */

const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** Pages that only work from a link in a mail or the start-up log: nothing for a search engine. */
const ONE_TIME_PAGES = ['/reset-password', '/newsletter/', SETUP_PATH, '/admissions/'];

export async function pagesRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.mail.publicUrl;
  const address = (path: string) => new URL(path, `${publicUrl}/`).toString();

  // Files for search engines, not calls of the API: kept out of the OpenAPI document.
  // The same for the life of the process: made once.
  const robots = (() => {
    const closed = ['/api/', ...SCHOOL_ROUTE_PREFIXES.map((prefix) => `/${prefix}`), ...ONE_TIME_PAGES];
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...closed.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${address('/sitemap.xml')}`,
      '',
    ];
    return new CachedAnswer(Buffer.from(lines.join('\n')), 'text/plain; charset=utf-8');
  })();
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    return sendCachedAnswer(robots, request, reply);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const changed = await app.db
      .selectFrom('content_record')
      .select(['collection', (eb) => eb.fn.max('updated_at').as('lastChange')])
      .groupBy('collection')
      .execute();
    const lastChangeOf = new Map(changed.map((row) => [row.collection, String(row.lastChange)]));
    const day = (iso: string | undefined) => iso?.slice(0, 10);
    const entry = (path: string, lastChange: string | undefined) =>
      `<url><loc>${escapeXml(address(path))}</loc>${lastChange ? `<lastmod>${day(lastChange)}</lastmod>` : ''}</url>`;
    // `/blogdetail` is listed only when its article is no post (else the post's address is its own).
    const [article] = await listContentRecords(app.db, 'blogdetails');
    const posts = await listContentRecords(app.db, 'blog');
    const blogDetailListed = blogDetailCanonicalPath(article?.title, posts) === BLOG_DETAIL_PATH;
    const listed = SERVER_RENDERED_PATHS.filter((path) => path !== BLOG_DETAIL_PATH || blogDetailListed);
    // Each page in every language the school offers: the default's addresses, then each other's.
    const { language, languages } = await schoolLanguages(app.db);
    const inEvery = (path: string, lastChange: string | undefined) =>
      [language, ...languages.filter((locale) => locale !== language)].map((locale) =>
        entry(localePath(path, locale, language), lastChange),
      );
    const pages = listed.flatMap((path) => {
      const days = PAGE_CONTENT[path].map((collection) => lastChangeOf.get(collection)).filter(Boolean);
      return inEvery(path, days.sort().at(-1));
    });
    const postEntries = posts.flatMap((post) => inEvery(blogPostPath(post.id), post.updatedAt));
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...pages,
      ...postEntries,
      '</urlset>',
      '',
    ].join('\n');
    return sendCachedAnswer(
      new CachedAnswer(Buffer.from(xml), 'application/xml; charset=utf-8'),
      request,
      reply,
    );
  });
}

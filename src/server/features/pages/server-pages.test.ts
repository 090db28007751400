import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_COLLECTIONS, type ContentCollection } from '../../../shared/api/content.js';
import { documentTitle } from '../../../shared/api/settings.js';
import { SERVER_RENDERED_PATHS } from '../../../shared/page-rendering.js';
import { DEFAULT_SCHOOL_SETTINGS } from '../../../shared/school-settings.js';
import { bannerTitleFor } from '../../../shared/screens.js';
import { renderer } from '../../../web/entry-server.js';
import { POST_NOT_FOUND } from '../../../web/features/public-site/lib/content-rules.js';
import { buildApp } from '../../app.js';
import { connectDatabase } from '../../db/connect.js';
import { parsedMessagesFor, translatorFor } from '../../lib/i18n.js';
import type { TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { BUILT_INDEX_HTML, createPagesTestApp } from '../../test/pages-app.js';
import { bearer, tokenOf } from '../users/test-helpers.js';

/**
 * The public pages rendered on the server (docs/decisions/0030-server-rendering.md), through the
 * real app and the web app's real server entry (the source, not a build), on the demo school.
 */

const PUBLIC_URL = 'https://school.test';

type Wire = Record<string, string> & { id: number; images: { image: string; alt: string }[] };

const decode = (html: string): string =>
  html
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/** What a reader without JavaScript gets: the text of `#root`, tags removed, entities decoded. */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'));
  return decode(root.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(
    /\s+/g,
    ' ',
  );
}

const headTag = (html: string, pattern: RegExp): string | undefined => {
  const match = pattern.exec(html.slice(0, html.indexOf('</head>')));
  return match?.[1] === undefined ? undefined : decode(match[1]);
};
const titleOf = (html: string) => headTag(html, /<title>([^<]*)<\/title>/);
const descriptionOf = (html: string) => headTag(html, /<meta name="description" content="([^"]*)"/);
const robotsOf = (html: string) => headTag(html, /<meta name="robots" content="([^"]*)"/);
const canonicalOf = (html: string) => headTag(html, /<link rel="canonical" href="([^"]*)"/);
const propertyOf = (html: string, name: string) =>
  headTag(html, new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`));
const structuredData = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );

describe.each(TEST_ENGINES)('the public pages rendered on the server (%s)', (engine) => {
  let t: TestApp;
  let principal: string;
  const content = {} as Record<ContentCollection, Wire[]>;
  let schoolName: string;
  let schoolAddress: string;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  /** Replaces a record through the principal's editor call with one field changed. */
  const editRecord = (collection: ContentCollection, record: Wire, change: Record<string, string>) => {
    const { id, ...fields } = record;
    return t.app.inject({
      method: 'PUT',
      url: `/api/admin/content/${collection}/${id}`,
      headers: bearer(principal),
      payload: { ...fields, ...change },
    });
  };

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { demo: true, indexHtml: BUILT_INDEX_HTML, publicUrl: PUBLIC_URL });
    principal = await tokenOf(t.app, 'principal@demo.school');
    for (const collection of Object.keys(CONTENT_COLLECTIONS) as ContentCollection[]) {
      content[collection] = (await get(`/api/${collection}`)).json().data as Wire[];
    }
    const settings = (await get('/api/settings')).json().data as { name: string; address: string };
    schoolName = settings.name;
    schoolAddress = settings.address;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** The blog post the demo's blog detail article is (the same title), as its own address. */
  const featuredPostPath = (): string => {
    const post = content.blog.find((one) => one.heading === content.blogdetails[0]?.heading2);
    if (!post) throw new Error('The demo blog detail article is no longer one of its posts.');
    return `/blogdetail?post=${post.id}`;
  };

  /** A text each page's own content shows (wire field names, as the calls answer them). */
  const pageText = (page: string): string => {
    const first = <C extends ContentCollection>(c: C, index = 0) => content[c][index] as Wire;
    switch (page) {
      case '/':
        return first('home').heading2 ?? '';
      case '/about':
        return first('about', 1).heading2 ?? '';
      case '/class':
        return first('kidsclasses').heading ?? '';
      case '/teacher':
        return first('teacher').teacher_name ?? '';
      case '/gallery':
        return first('gallery').heading2 ?? '';
      case '/blog':
        return first('blog').heading ?? '';
      case '/blogdetail':
        return first('blogdetails').heading2 ?? '';
      case '/contact':
        return first('contacts').opening_hour ?? '';
      case '/registation':
        return 'Date of birth';
      default:
        return 'Password';
    }
  };

  it.each(SERVER_RENDERED_PATHS)(
    '%s holds its content, its own title, description and canonical address',
    async (page) => {
      const res = await get(page);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body;
      const text = visibleText(html);
      expect(pageText(page)).not.toBe('');
      expect(text).toContain(pageText(page));
      // Every page has the footer's contact details.
      expect(text).toContain(schoolAddress);
      // The home page is the school's name alone; the blog detail article gives its own title.
      const pageTitle =
        page === '/blogdetail'
          ? content.blogdetails[0]?.heading2
          : page === '/'
            ? undefined
            : bannerTitleFor(page);
      expect(titleOf(html)).toBe(documentTitle(pageTitle, schoolName));
      expect(descriptionOf(html)?.length).toBeGreaterThan(20);
      // The blog detail article is a post's long form in the demo: the post's address is its canonical.
      const canonical =
        page === '/blogdetail' ? `${PUBLIC_URL}${featuredPostPath()}` : `${PUBLIC_URL}${page}`;
      expect(canonicalOf(html)).toBe(canonical);
      expect(propertyOf(html, 'og:title')).toBeTruthy();
      expect(propertyOf(html, 'og:url')).toBe(canonical);
      // Every page has a picture for link previews, absolute: its own or the school's logo.
      const image = propertyOf(html, 'og:image');
      expect(image, page).toMatch(/^https:\/\/school\.test\/\S+\.(webp|png|jpe?g)$/);
      expect(propertyOf(html, 'twitter:image')).toBe(image);
      expect(propertyOf(html, 'og:image:alt')).toBeTruthy();
      expect(html).toMatch(/<html lang="en" dir="ltr">/);
      // One title only: the template's placeholder gave way.
      expect(html.match(/<title>/g)).toHaveLength(1);
      // Islands, not the whole page, are what the browser hydrates: the navigation is one, with the
      // page's path as its props; no router or query state travels with the page.
      expect(html).toMatch(
        new RegExp(
          `<div class="island" data-island="site-nav" data-island-key="i0-" data-island-when="load" data-props="\\{&#34;pathname&#34;:&#34;${page.replace('/', '\\/')}&#34;\\}">`,
        ),
      );
      expect(html).not.toMatch(/id="(router|query)-state"/);
    },
  );

  it('gives pages descriptions from their own content', async () => {
    const about = await get('/about');
    expect(descriptionOf(about.body)?.slice(0, 40)).toBe(content.about[1]?.discription?.slice(0, 40));
    const contact = await get('/contact');
    expect(descriptionOf(contact.body)?.slice(0, 30)).toBe(content.contacts[0]?.discription?.slice(0, 30));
    expect(descriptionOf(about.body)).not.toBe(descriptionOf(contact.body));
  });

  it('renders each blog post at its own address with its title, picture and BlogPosting data', async () => {
    const post = content.blog[1] as Wire;
    const res = await get(`/blogdetail?post=${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(documentTitle(post.heading, schoolName));
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/blogdetail?post=${post.id}`);
    expect(visibleText(res.body)).toContain(post.heading);
    expect(propertyOf(res.body, 'og:type')).toBe('article');
    expect(propertyOf(res.body, 'og:image')).toBe(`${PUBLIC_URL}/uploads/${post.images[0]?.image}`);
    const [posting] = structuredData(res.body);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.heading,
      author: { '@type': 'Person', name: post.author },
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      publisher: { '@type': 'Organization', name: schoolName, logo: `${PUBLIC_URL}/share-image.png` },
    });
    expect(Date.parse(String(posting?.datePublished))).not.toBeNaN();
    // Each blog card's Read More leads there.
    expect((await get('/blog')).body).toContain(`href="/blogdetail?post=${post.id}"`);
  });

  it('names the school as the author of a post without one, and its changes in dateModified', async () => {
    const post = content.blog[2] as Wire;
    const edit = await editRecord('blog', post, { author: '  ' });
    expect(edit.statusCode).toBe(200);
    const [posting] = structuredData((await get(`/blogdetail?post=${post.id}`)).body);
    expect(posting?.author).toEqual({
      '@type': 'Organization',
      name: schoolName,
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/share-image.png`,
    });
    expect(posting?.datePublished).toBe(post.publishedAt);
    expect(posting?.dateModified).toBe(edit.json().data.updatedAt);
    expect(String(posting?.dateModified) >= String(post.updatedAt)).toBe(true);
    await editRecord('blog', post, {});
  });

  it('gives every page a picture for previews: its own, else the logo the school shows', async () => {
    // The demo school has not uploaded a logo: pages without their own picture show the default one.
    for (const page of ['/login', '/registation', '/contact']) {
      const html = (await get(page)).body;
      expect(propertyOf(html, 'og:image'), page).toBe(`${PUBLIC_URL}/share-image.png`);
      expect(propertyOf(html, 'og:image:width'), page).toBe('1200');
      expect(propertyOf(html, 'og:image:height'), page).toBe('630');
      expect(propertyOf(html, 'twitter:image'), page).toBe(`${PUBLIC_URL}/share-image.png`);
    }
    const hero = content.home[0]?.images[0]?.image;
    expect(propertyOf((await get('/')).body, 'og:image')).toBe(`${PUBLIC_URL}/uploads/${hero}`);
    expect(propertyOf((await get('/')).body, 'og:image:width')).toBeUndefined();
    // The picture is the app's own file, shipped with the pages.
    const shipped = await fs.stat(path.join(import.meta.dirname, '../../../web/public/share-image.png'));
    expect(shipped.size).toBeGreaterThan(1000);
  });

  it('gives the blog detail article and its post one address, the one the sitemap lists', async () => {
    const postPath = featuredPostPath();
    expect(canonicalOf((await get('/blogdetail')).body)).toBe(`${PUBLIC_URL}${postPath}`);
    expect(canonicalOf((await get(postPath)).body)).toBe(`${PUBLIC_URL}${postPath}`);
    const sitemap = (await get('/sitemap.xml')).body;
    const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decode(match[1] ?? ''));
    // Every listed address is the canonical address its page names.
    for (const loc of listed) {
      const html = (await get(loc.slice(PUBLIC_URL.length))).body;
      expect(canonicalOf(html), loc).toBe(loc);
    }
    expect(listed).toContain(`${PUBLIC_URL}${postPath}`);
    expect(listed).not.toContain(`${PUBLIC_URL}/blogdetail`);
  });

  it('gives a post that is gone a head that says so, kept out of search engines', async () => {
    for (const address of ['/blogdetail?post=99999', '/blogdetail?post=abc']) {
      const res = await get(address);
      expect(res.statusCode).toBe(200);
      expect(titleOf(res.body)).toBe(documentTitle('Post not found', schoolName));
      expect(descriptionOf(res.body)).toBe(POST_NOT_FOUND);
      expect(robotsOf(res.body)).toBe('noindex');
      expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/blog`);
      expect(visibleText(res.body)).toContain(POST_NOT_FOUND);
    }
    const post = content.blog[1] as Wire;
    expect(robotsOf((await get(`/blogdetail?post=${post.id}`)).body)).toBeUndefined();
    expect(robotsOf((await get('/blogdetail')).body)).toBeUndefined();
  });

  it('describes the school with schema.org data on the home and contact pages, from the content', async () => {
    const contact = content.contacts[0] as Wire;
    // The demo's address and hours, as the editor wrote them, read into their parts.
    expect(contact.address).toBe('14 Orchard Lane, Greenfield, GF4 2QL');
    expect(contact.opening_hour).toBe('Mon - Sat: 8:00 am - 4:00 pm');
    const hero = content.home[0]?.images[0]?.image;
    for (const page of ['/', '/contact']) {
      const [school] = structuredData((await get(page)).body);
      expect(school).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'School',
        name: schoolName,
        logo: `${PUBLIC_URL}/share-image.png`,
        image: page === '/' ? `${PUBLIC_URL}/uploads/${hero}` : `${PUBLIC_URL}/share-image.png`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: '14 Orchard Lane',
          addressLocality: 'Greenfield',
          postalCode: 'GF4 2QL',
        },
        telephone: contact.phone,
        email: contact.email,
        openingHoursSpecification: [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
            opens: '08:00',
            closes: '16:00',
          },
        ],
      });
      expect(school).not.toHaveProperty('openingHours');
      expect(String(school?.description)).not.toContain('Opening hours');
    }
  });

  it('keeps opening hours it cannot read as words in the description, and an address as written', async () => {
    const contact = content.contacts[0] as Wire;
    const hours = 'Term time: Mon-Fri 8:00-15:30';
    const address = 'The Old Rectory, Greenfield Estate';
    expect((await editRecord('contacts', contact, { opening_hour: hours, address })).statusCode).toBe(200);
    try {
      const [school] = structuredData((await get('/contact')).body);
      expect(school).not.toHaveProperty('openingHoursSpecification');
      expect(school).not.toHaveProperty('openingHours');
      expect(String(school?.description)).toContain(`Opening hours: ${hours}`);
      expect(school?.address).toEqual({ '@type': 'PostalAddress', streetAddress: address });
    } finally {
      await editRecord('contacts', contact, {});
    }
  });

  it('answers 304 to a browser that has the page, and a fresh page after the content changed', async () => {
    const first = await get('/about');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/about', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const record = content.about[1] as Wire;
    const title = `Our story, told again ${engine}`;
    const edit = await editRecord('about', record, { heading2: title });
    expect(edit.statusCode).toBe(200);
    const changed = await get('/about', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(visibleText(changed.body)).toContain(title);
  });

  it('renders afresh after a write through another server process on the same database', async () => {
    // A second app on its own connection stands for a second process; its own pages are not needed.
    const other = await buildApp(t.appConfig, { db: await connectDatabase(t.config), logger: false });
    try {
      await other.ready();
      const before = await get('/teacher');
      const etag = before.headers.etag as string;
      const record = content.teacher[0] as Wire;
      const name = `Ms Renamed Elsewhere ${engine}`;
      const { id, ...fields } = record;
      const edit = await other.inject({
        method: 'PUT',
        url: `/api/admin/content/teacher/${id}`,
        headers: bearer(principal),
        payload: { ...fields, teacher_name: name },
      });
      expect(edit.statusCode).toBe(200);
      const after = await get('/teacher', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(visibleText(after.body)).toContain(name);
    } finally {
      await other.close();
    }
  });

  it('keeps text that looks like markup as text, in the page and in its data blocks', async () => {
    const post = content.blog[0] as Wire;
    const heading = 'Tips </script><script>alert(1)</script> & <b>more</b>';
    const edit = await editRecord('blog', post, { heading });
    expect(edit.statusCode).toBe(200);
    const res = await get(`/blogdetail?post=${post.id}`);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<b>more</b>');
    expect(titleOf(res.body)).toBe(documentTitle(heading, schoolName));
    expect(visibleText(res.body)).toContain(heading);
  });

  it('sends a page compressed to a browser that accepts it', async () => {
    const res = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBeLessThan(
      (await get('/')).body.length / 3,
    );
  });

  it('renders a page once per address: other query parameters share it, the school area is not rendered', async () => {
    const plain = await get('/gallery');
    const tracked = await get('/gallery?utm_source=newsletter');
    expect(tracked.headers.etag).toBe(plain.headers.etag);
    expect(canonicalOf(tracked.body)).toBe(`${PUBLIC_URL}/gallery`);
    const school = await get('/dashboard');
    expect(school.statusCode).toBe(200);
    expect(school.body).toContain('<div id="root"></div>');
    expect(school.headers.etag).toBeUndefined();
  });
});

describe('a page the server fails to render', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createPagesTestApp('sqlite', {
      demo: true,
      indexHtml: BUILT_INDEX_HTML,
      logLines,
      pageRenderer: {
        renderPage: async () => {
          throw new Error('the rendering bundle is broken');
        },
      },
    });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('is still served, for the browser to render, and the failure is logged', async () => {
    const res = await t.app.inject({ url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(titleOf(res.body)).toContain('About');
    expect(logLines.join('\n')).toContain('the rendering bundle is broken');
  });
});

describe('a page whose content the server could not read', () => {
  it('is not rendered, as no Retry would work there: the app renders it in the browser', async () => {
    const rendering = renderer.renderPage({
      url: `${PUBLIC_URL}/`,
      settings: DEFAULT_SCHOOL_SETTINGS,
      publicUrl: PUBLIC_URL,
      readContent: async (collection) => {
        if (collection === 'comments') throw new Error('the store is not answering');
        return [];
      },
      readBlogComments: async () => [],
      readPublicCalendar: async () => ({ year: null, dates: [] }),
      readAdmissionSeats: async () => ({ year: null, classes: [] }),
      basename: '',
      translator: translatorFor('en'),
      islandMessages: (areas) => parsedMessagesFor('en', areas),
    });
    await expect(rendering).rejects.toThrow('could not be rendered');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { createPagesTestApp } from '../../test/pages-app.js';
import { insertContentRecord } from '../content/content.repository.js';
import { readSettings, writeSettings } from '../settings/settings.repository.js';
import { plantStarterSite, writeStarterPictures } from './starter-site.js';

/**
 * docs/decisions/0053-a-starter-site-for-a-real-school.md: a school just set up, its public pages
 * rendered on the server by the web app's real server entry. A section without content is not in
 * the page at all (no empty heading, no empty frame); a page left with nothing says so.
 */

const SCHOOL = 'Riverside Primary';

/** The section elements of the page's body, by their first class (facilities, about, ...). */
const sectionsOf = (html: string): string[] =>
  [...html.matchAll(/<section[^>]*class="([a-z-]+)[^"]*"/g)].map((match) => match[1] ?? '');

describe.each(TEST_ENGINES)('the starter site rendered on the server (%s)', (engine) => {
  let t: TestApp;
  const page = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    // What POST setup writes besides the principal (setup.test.ts goes through the call itself).
    await writeStarterPictures(t.app.files);
    await t.app.db.transaction().execute(async (trx) => {
      await writeSettings(trx, { ...(await readSettings(trx)), name: SCHOOL });
      await plantStarterSite(trx, SCHOOL);
    });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('home shows the banner and the about section with the school’s name, and no empty section', async () => {
    const html = await page('/');
    expect(html).toContain(`Welcome to ${SCHOOL}`);
    expect(html).toContain(`About ${SCHOOL}`);
    expect(html).toContain('/uploads/starter/school-house.webp');
    // Book A Seat is the form of the contract's home page, with its own text: it stays.
    expect(sectionsOf(html)).toEqual(['home-hero', 'about', 'book-seat']);
    // In the page, not in the messages its islands are handed (the head's JSON block).
    expect(html.slice(html.indexOf('<body'))).not.toContain('What Parents Say!');
    expect(html).not.toContain('content-img--empty');
    expect(html).not.toContain('home-hero__image--empty');
    expect(html).not.toMatch(/<h2[^>]*>\s*<\/h2>/);
    // The about section's missing second picture and check-list leave no frame.
    const start = html.indexOf('<section class="about');
    const about = html.slice(start, html.indexOf('<section', start + 1));
    expect(about).not.toContain('about__image-small');
    expect(about).not.toContain('checklist');
  });

  it.each([
    ['/class', 'Our classes will be described here soon.', ['classes']],
    ['/teacher', 'Our teachers will be introduced here soon.', ['teachers', 'testimonials']],
    ['/gallery', 'Pictures of school life will appear here soon.', ['gallery']],
    ['/blog', 'No news yet: our first posts will appear here soon.', ['blog']],
  ])('%s answers with a sentence instead of empty sections', async (url, sentence, hidden) => {
    const html = await page(url);
    expect(html).toContain(sentence);
    expect(html).toContain('href="/contact"');
    for (const section of hidden) expect(sectionsOf(html), url).not.toContain(section);
    expect(html).not.toMatch(/<h2[^>]*>\s*<\/h2>/);
  });

  it('about shows the starter text without the empty facilities and teachers; contact keeps its form', async () => {
    const about = await page('/about');
    expect(sectionsOf(about)).toEqual(['page-banner', 'about']);
    expect(about).not.toContain('empty-page');
    const contact = await page('/contact');
    expect(contact).toContain('Contact Us');
    expect(contact).toContain(`Questions about ${SCHOOL}`);
    expect(sectionsOf(contact)).toEqual(['page-banner', 'contact']);
  });

  it('a section appears with its first record, and the page’s sentence goes', async () => {
    await insertContentRecord(
      t.app.db,
      'teacher',
      { label: 'Our Teachers', title: 'Meet Our Teachers', name: 'A. Teacher', designation: 'Class teacher' },
      [],
    );
    const html = await page('/teacher');
    expect(sectionsOf(html)).toContain('teachers');
    expect(html).toContain('Meet Our Teachers');
    expect(html).not.toContain('Our teachers will be introduced here soon.');
  });
});

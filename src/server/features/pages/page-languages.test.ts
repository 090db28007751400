import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, isPlainMessage, type Messages } from '../../../shared/i18n/translator.js';
import { messagesFor } from '../../../shared/messages/messages.js';
import type { TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { createPagesTestApp } from '../../test/pages-app.js';
import { bearer, tokenOf } from '../users/test-helpers.js';

/**
 * The public pages in each language the school offers (docs/decisions/0059-message-catalogs.md):
 * the default language at the contract's addresses, every other one under its prefix (`/fr/about`),
 * each page naming the others for search engines, and the sitemap listing them all.
 */

const PUBLIC_URL = 'https://school.test';

const htmlStart = (html: string) => /<html[^>]*>/.exec(html)?.[0];
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe.each(TEST_ENGINES)('the public pages in several languages (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { demo: true, publicUrl: PUBLIC_URL, pseudoLocale: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const get = (url: string) => t.app.inject({ url });

  it('serves a page in another offered language under its prefix, in that language, its links kept in it', async () => {
    const res = await get('/fr/login');
    expect(res.statusCode, res.body).toBe(200);
    expect(htmlStart(res.body)).toBe('<html lang="fr" dir="ltr">');
    const french = messagesFor('fr');
    expect(res.body).toContain(String(french['accounts.login.title']).replace('!', ''));
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/fr/login`);
    // The router's links stay in French; the messages handed to the islands are French.
    expect(res.body).toMatch(/href="\/fr\/about"/);
    expect(res.body).toContain('"locale":"fr"');
    const arabic = await get('/ar');
    expect(arabic.statusCode).toBe(200);
    expect(htmlStart(arabic.body)).toBe('<html lang="ar" dir="rtl">');
  });

  it('answers a test walk in the pseudo-locale when asked first for it, never keeping those pages', async () => {
    const pseudo = { 'accept-language': 'en-XA, en;q=0.5' };
    const about = await t.app.inject({ url: '/about', headers: pseudo });
    expect(htmlStart(about.body)).toBe('<html lang="en-XA" dir="ltr">');
    expect(about.body).toContain('"locale":"en-XA"');
    // The same address for everyone else is still the kept English page.
    expect(htmlStart((await get('/about')).body)).toBe('<html lang="en" dir="ltr">');
    const app = await t.app.inject({ url: '/dashboard', headers: pseudo });
    expect(htmlStart(app.body)).toBe('<html lang="en-XA" dir="ltr">');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: pseudo,
      payload: { email: 'nobody@demo.school', password: 'not-the-password' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).not.toMatch(/[A-Za-z]{3}/);
    // Asked second, it is not the answer's language.
    const second = await t.app.inject({ url: '/about', headers: { 'accept-language': 'fr, en-XA' } });
    expect(htmlStart(second.body)).toBe('<html lang="en" dir="ltr">');
  });

  it('hands the app every message of its language, plain text as it is and the rest parsed: the app needs no parser', async () => {
    const res = await t.app.inject({ url: '/dashboard', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(200);
    const block = /<script type="application\/json" id="messages">(.*?)<\/script>/s.exec(res.body)?.[1];
    const handed = JSON.parse(block ?? '{}') as { locale: string; messages: Messages };
    expect(handed.locale).toBe('fr');
    const french = messagesFor('fr');
    expect(Object.keys(handed.messages).sort()).toEqual(Object.keys(french).sort());
    let parsedCount = 0;
    for (const [key, message] of Object.entries(handed.messages)) {
      const text = french[key] as string;
      if (typeof message === 'string') {
        expect(message, key).toBe(text);
        expect(isPlainMessage(message), key).toBe(true);
      } else {
        expect(Array.isArray(message), key).toBe(true);
        expect(isPlainMessage(text), key).toBe(false);
        parsedCount += 1;
      }
    }
    expect(parsedCount).toBeGreaterThan(100);
    // Formatted without a parser, they read as the catalog's text does with one.
    const app = createTranslator('fr', handed.messages, {
      parse: () => {
        throw new Error('the app has no parser');
      },
    });
    const server = createTranslator('fr', french);
    for (const count of [1, 4]) {
      expect(app.t('dashboard.today.approvals', { count })).toBe(
        server.t('dashboard.today.approvals', { count }),
      );
    }
    expect(app.t('common.userType.Teacher')).toBe(server.t('common.userType.Teacher'));
  });

  it('links the same page in every offered language from its footer, each named in its own', async () => {
    const res = await get('/fr/about');
    expect(res.statusCode, res.body).toBe(200);
    const links = /<nav class="language-links"[^>]*>(.*?)<\/nav>/s.exec(res.body)?.[1] ?? '';
    const found = [...links.matchAll(/<a ([^>]*)>([^<]+)<\/a>/g)].map((m) => [
      /href="([^"]+)"/.exec(m[1] ?? '')?.[1],
      /lang="([^"]+)"/.exec(m[1] ?? '')?.[1],
      m[2],
      (m[1] ?? '').includes('aria-current="true"'),
    ]);
    expect(found).toEqual([
      ['/about', 'en', 'English', false],
      ['/fr/about', 'fr', 'Français', true],
      ['/ar/about', 'ar', 'العربية', false],
    ]);
  });

  it('names the page in every offered language, the default as x-default', async () => {
    const res = await get('/fr/about');
    expect(alternates(res.body)).toEqual([
      ['en', `${PUBLIC_URL}/about`],
      ['fr', `${PUBLIC_URL}/fr/about`],
      ['ar', `${PUBLIC_URL}/ar/about`],
      ['x-default', `${PUBLIC_URL}/about`],
    ]);
    const home = await get('/');
    expect(htmlStart(home.body)).toBe('<html lang="en" dir="ltr">');
    expect(alternates(home.body)).toContainEqual(['ar', `${PUBLIC_URL}/ar`]);
  });

  it('sends the default language’s prefix to its own address, and a language not offered is no page', async () => {
    const english = await get('/en/about?utm_source=x');
    expect(english.statusCode).toBe(301);
    expect(english.headers.location).toBe('/about?utm_source=x');
    await t.app.db.updateTable('school_settings').set({ languages: 'en,ar' }).execute();
    try {
      expect((await get('/fr/about')).statusCode).toBe(404);
      expect((await get('/ar/about')).statusCode).toBe(200);
    } finally {
      await t.app.db.updateTable('school_settings').set({ languages: 'en,fr,ar' }).execute();
    }
  });

  it('a school whose default is French serves French at the contract addresses and English under /en', async () => {
    const settings = (await get('/api/settings')).json().data;
    const principal = await tokenOf(t.app, 'principal@demo.school');
    const putSettings = (language: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(principal),
        payload: { ...settings, language },
      });
    expect((await putSettings('fr')).statusCode).toBe(200);
    try {
      const home = await get('/about');
      expect(htmlStart(home.body)).toBe('<html lang="fr" dir="ltr">');
      const english = await get('/en/about');
      expect(english.statusCode).toBe(200);
      expect(htmlStart(english.body)).toBe('<html lang="en" dir="ltr">');
      expect((await get('/fr/about')).statusCode).toBe(301);
    } finally {
      expect((await putSettings('en')).statusCode).toBe(200);
    }
  });

  it('lists every page in every offered language in the sitemap', async () => {
    const xml = (await get('/sitemap.xml')).body;
    for (const address of ['/about', '/fr/about', '/ar/about', '/fr', '/ar/contact']) {
      expect(xml).toContain(`<loc>${PUBLIC_URL}${address}</loc>`);
    }
  });
});

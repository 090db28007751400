import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHOOL_SETTINGS,
  type SchoolSettings,
  SETTINGS_ELEMENT_ID,
} from '../../../shared/api/settings.js';
import { SCHOOL_NAME } from '../../demo/people.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, call, DEMO, tokenOf } from '../users/test-helpers.js';
import { renderIndexPage } from './index-page.js';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Placeholder" />
    <title>Placeholder</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>`;

/** The settings block of a page, parsed as the browser will. */
function settingsIn(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe('renderIndexPage', () => {
  const school: SchoolSettings = {
    ...DEFAULT_SCHOOL_SETTINGS,
    name: 'Tom & Jerry’s <School>',
    description: 'Line one\nline "two" </script><script>alert(1)</script>',
  };

  it('puts the page and school into the title, the description into the meta tag, the settings into a JSON block', () => {
    const html = renderIndexPage(TEMPLATE, school, { pathname: '/about', notFound: false });
    expect(html).toContain('<title>About · Tom &#38; Jerry’s &#60;School&#62;</title>');
    expect(html).toContain(
      '<meta name="description" content="Line one line &#34;two&#34; &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;" />',
    );
    expect(html).not.toContain('Placeholder');
    // The JSON cannot close its element early, and reads back as the settings.
    // The template's module script, the settings and the messages.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(settingsIn(html)).toEqual(school);
  });

  it('the home page has the name alone; a page the app lacks says so; a school without a description has no meta tag', () => {
    const plain = { ...school, name: 'Hilltop', description: '' };
    expect(renderIndexPage(TEMPLATE, plain, { pathname: '/', notFound: false })).toContain(
      '<title>Hilltop</title>',
    );
    const missing = renderIndexPage(TEMPLATE, plain, { pathname: '/nothing', notFound: true });
    expect(missing).toContain('<title>Page not found · Hilltop</title>');
    expect(missing).not.toContain('name="description"');
  });

  it('a template without a head still gets the settings, at its end', () => {
    const html = renderIndexPage('<!doctype html><div id="root"></div>', school, {
      pathname: '/',
      notFound: false,
    });
    expect(html.startsWith('<!doctype html><div id="root"></div><script type="application/json"')).toBe(true);
    expect(settingsIn(html)).toEqual(school);
  });
});

describe('the served pages carry the school', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { demo: true, indexHtml: TEMPLATE });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('each page has its title and the current settings, at once after the principal changes them', async () => {
    const about = await call(t.app, { url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(about.headers['cache-control']).toBe('no-cache');
    expect(about.body).toContain(`<title>About · ${SCHOOL_NAME}</title>`);
    expect(settingsIn(about.body)).toMatchObject({ name: SCHOOL_NAME });
    expect((await call(t.app, { url: '/' })).body).toContain(`<title>${SCHOOL_NAME}</title>`);
    const missing = await call(t.app, { url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(`<title>Page not found · ${SCHOOL_NAME}</title>`);

    const principal = await tokenOf(t.app, DEMO.principal);
    const current = (await call(t.app, { url: '/api/settings' })).json().data as SchoolSettings;
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(principal),
      payload: { ...current, name: 'Hilltop Primary' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const contact = await call(t.app, { url: '/contact' });
    expect(contact.body).toContain('<title>Contact · Hilltop Primary</title>');
    expect(settingsIn(contact.body)).toMatchObject({ name: 'Hilltop Primary' });
  });
});

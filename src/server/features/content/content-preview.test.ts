import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_ROBOTS } from '../../../shared/api/content-preview.js';
import { CONTENT_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { BUILT_INDEX_HTML, createPagesTestApp } from '../../test/pages-app.js';
import { bearer, call, DEMO, tokenOf } from '../users/test-helpers.js';

/**
 * The website editor's live preview (docs/decisions/0050-website-editor-without-traps.md): the page
 * rendered by the server with the unsaved draft, through the real app and the web app's real server
 * entry (the source), on the demo school. Nothing is saved, only the principal may ask, no robot reads it.
 */

type Wire = Record<string, unknown> & { id: number; images: { image: string; alt: string }[] };

describe.each(TEST_ENGINES)('the preview of an unsaved record (%s)', (engine) => {
  let t: TestApp;
  const tokens: Record<'principal' | 'teacher' | 'student' | 'parent', string> = {
    principal: '',
    teacher: '',
    student: '',
    parent: '',
  };

  const records = async (collection: string) =>
    (await call(t.app, { url: `/api/${collection}` })).json().data as Wire[];
  const preview = (collection: string, payload: unknown, query = '', token = tokens.principal) =>
    call(t.app, {
      method: 'POST',
      url: `/api/admin/content/${collection}/preview${query}`,
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const withoutId = ({ id: _id, ...rest }: Wire) => rest;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { demo: true, indexHtml: BUILT_INDEX_HTML });
    tokens.principal = await tokenOf(t.app, DEMO.principal);
    tokens.teacher = await tokenOf(t.app, DEMO.teacher);
    tokens.student = await tokenOf(t.app, DEMO.student);
    tokens.parent = await tokenOf(t.app, DEMO.guardian);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('renders the About page with the draft in its record’s place, saves nothing, and is for no robot', async () => {
    const [, main] = await records('about');
    if (!main) throw new Error('The demo has two About records');
    const res = await preview(
      'about',
      { ...withoutId(main), heading2: 'A Draft Nobody Saved' },
      `?id=${main.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe(PREVIEW_ROBOTS);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(res.body).toContain('A Draft Nobody Saved');
    expect(res.body).not.toContain(String(main.heading2));
    expect(res.body.match(/<meta name="robots"[^>]*>/g)).toEqual([
      `<meta name="robots" content="${PREVIEW_ROBOTS}">`,
    ]);

    expect((await records('about'))[1]?.heading2).toBe(main.heading2);
    const page = await call(t.app, { url: '/about' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(String(main.heading2));
    expect(page.body).not.toContain('A Draft Nobody Saved');
  });

  it('shows a new record after the last one', async () => {
    const before = await records('kidsclasses');
    const [first] = before;
    if (!first) throw new Error('The demo has classes');
    const res = await preview('kidsclasses', { ...withoutId(first), heading: 'Pottery For Beginners' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Pottery For Beginners');
    expect(res.body.match(/class="class-card__title"/g)).toHaveLength(before.length + 1);
    expect(await records('kidsclasses')).toEqual(before);
  });

  it('is the principal’s alone: 401 without a token, 403 for every other account type', async () => {
    const [home] = await records('home');
    if (!home) throw new Error('The demo has a home banner');
    const body = withoutId(home);
    expect((await preview('home', body, `?id=${home.id}`, '')).statusCode).toBe(401);
    for (const other of ['teacher', 'student', 'parent'] as const) {
      expect((await preview('home', body, `?id=${home.id}`, tokens[other])).statusCode, other).toBe(403);
    }
    expect((await preview('home', body, `?id=${home.id}`)).statusCode).toBe(200);
  });

  it('refuses bad drafts with a clear 4xx: fields, pictures, ids', async () => {
    const [home] = await records('home');
    if (!home) throw new Error('The demo has a home banner');
    const body = withoutId(home);
    const tooLong = await preview('home', { ...body, heading2: 'x'.repeat(201) }, `?id=${home.id}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details).toContainEqual(expect.objectContaining({ field: 'heading2' }));
    const missingPicture = await preview(
      'home',
      { ...body, images: [{ image: `media/${'0'.repeat(32)}-800.webp`, alt: 'Gone' }] },
      `?id=${home.id}`,
    );
    expect(missingPicture.statusCode).toBe(400);
    expect((await preview('home', body, '?id=999999')).statusCode).toBe(404);
    expect((await preview('home', body, '?id=abc')).statusCode).toBe(400);
    expect((await preview('home', body, `?id=${home.id}&other=1`)).statusCode).toBe(400);
    // Another collection's record is not this one's.
    const [about] = await records('about');
    expect((await preview('home', body, `?id=${about?.id}`)).statusCode).toBe(404);
  });

  describe('in another language', () => {
    const translationPreview = (
      id: number | string,
      language: string,
      payload: unknown,
      token = tokens.principal,
    ) =>
      call(t.app, {
        method: 'POST',
        url: `/api/admin/content/home/${id}/translations/${language}/preview`,
        headers: token ? bearer(token) : {},
        payload: payload as Record<string, unknown>,
      });
    const frenchOfHome = async (id: number) =>
      (
        await call(t.app, {
          url: `/api/admin/content/home/${id}/translations/fr`,
          headers: bearer(tokens.principal),
        })
      ).json().data;

    it('renders the language’s page with the unsaved text, the fields left empty in the default language', async () => {
      const [home] = await records('home');
      if (!home) throw new Error('The demo has a home banner');
      const saved = await frenchOfHome(home.id);
      const res = await translationPreview(home.id, 'fr', {
        heading2: 'Un brouillon que personne n’a gardé',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-robots-tag']).toBe(PREVIEW_ROBOTS);
      expect(res.headers['content-security-policy']).toContain("script-src 'none'");
      expect(res.body).toMatch(/<html[^>]*\blang="fr"/);
      expect(res.body).toContain('Un brouillon que personne n’a gardé');
      // The description is left empty in the draft: the page shows the default language's, as it will.
      expect(res.body).toContain(String(home.discription));
      // Nothing saved: the stored French is as it was, and the French page shows it.
      expect(await frenchOfHome(home.id)).toEqual(saved);
      expect((await call(t.app, { url: '/fr' })).body).not.toContain('Un brouillon que personne n’a gardé');
    });

    it('is the principal’s alone, and refuses the default language, a language not offered or spoken, another record', async () => {
      const [home] = await records('home');
      if (!home) throw new Error('The demo has a home banner');
      const draft = { heading2: 'Brouillon' };
      expect((await translationPreview(home.id, 'fr', draft, '')).statusCode).toBe(401);
      expect((await translationPreview(home.id, 'fr', draft, tokens.teacher)).statusCode).toBe(403);
      expect((await translationPreview(home.id, 'en', draft)).statusCode).toBe(400);
      expect((await translationPreview(home.id, 'xx', draft)).statusCode).toBe(400);
      expect((await translationPreview(home.id, 'fr', { heading2: 'x'.repeat(201) })).statusCode).toBe(400);
      expect((await translationPreview(home.id, 'fr', { unknown: 'x' })).statusCode).toBe(400);
      expect((await translationPreview(999999, 'fr', draft)).statusCode).toBe(404);
      const [about] = await records('about');
      expect((await translationPreview(String(about?.id), 'fr', draft)).statusCode).toBe(404);
    });
  });

  // A second demo school of its own: seeding it takes a while on a busy machine.
  it('says so with a 503 where the web app is not built', { timeout: 120_000 }, async () => {
    const bare = await createTestApp(engine, { demo: true });
    try {
      const token = await tokenOf(bare.app, DEMO.principal);
      const [home] = (await call(bare.app, { url: '/api/home' })).json().data as Wire[];
      if (!home) throw new Error('The demo has a home banner');
      const res = await call(bare.app, {
        method: 'POST',
        url: `/api/admin/content/home/preview?id=${home.id}`,
        headers: bearer(token),
        payload: withoutId(home),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe(CONTENT_ERROR_CODES.previewUnavailable);
    } finally {
      await bare.dispose();
    }
  });
});

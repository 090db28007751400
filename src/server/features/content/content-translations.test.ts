import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../shared/api/admin.js';
import { TRANSLATION_MESSAGES } from '../../../shared/api/content-translations.js';
import { messagesFor } from '../../../shared/messages/messages.js';
import type { TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { createPagesTestApp } from '../../test/pages-app.js';
import { type SchoolFixture, schoolFixture } from '../../test/school-fixtures.js';
import { bearer, call } from '../users/test-helpers.js';

/**
 * The school's content in its other languages (docs/decisions/0064-content-in-the-schools-languages.md):
 * the principal reads and writes a record's text in a language the school offers; the public calls
 * with `?lang=` and the pages under that language's prefix show it, falling back to the default
 * language's text field by field.
 */

const PUBLIC_URL = 'https://school.test';

type FieldError = { field: string; message: string };
const detailsOf = (body: { error: { details?: FieldError[] } }) => body.error.details ?? [];

describe.each(TEST_ENGINES)('content translations (%s)', (engine) => {
  let t: TestApp;
  let f: SchoolFixture;
  let homeId: number;
  let home: Record<string, unknown>;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { demo: true, publicUrl: PUBLIC_URL });
    f = await schoolFixture(t);
    // The demo's own French and Arabic are set aside: each test writes the translations it reads.
    // Nothing has been answered yet, so no kept answer holds them.
    await t.app.db.deleteFrom('content_translation').execute();
    home = (await call(t.app, { url: '/api/home' })).json().data[0];
    homeId = home.id as number;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const translationUrl = (collection: string, id: number | string, language: string) =>
    `/api/admin/content/${collection}/${id}/translations/${language}`;
  const read = (url: string, token = f.tokens.principal) => call(t.app, { url, headers: bearer(token) });
  const write = (url: string, payload: unknown, token = f.tokens.principal) =>
    call(t.app, { method: 'PUT', url, headers: bearer(token), payload: payload as object });

  it('answers every text field, "" where not translated, and stores what the principal writes', async () => {
    const empty = await read(translationUrl('home', homeId, 'fr'));
    expect(empty.statusCode, empty.body).toBe(200);
    // The text fields under their wire names; no icon, no pictures.
    expect(empty.json().data).toEqual({
      id: homeId,
      language: 'fr',
      fields: { heading: '', heading2: '', learm_more: '', discription: '' },
    });

    const saved = await write(translationUrl('home', homeId, 'fr'), {
      heading2: '  Bienvenue à l’école  ',
      discription: 'Une école où chaque enfant apprend en jouant.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.fields).toEqual({
      heading: '',
      heading2: 'Bienvenue à l’école',
      learm_more: '',
      discription: 'Une école où chaque enfant apprend en jouant.',
    });
    expect((await read(translationUrl('home', homeId, 'fr'))).json().data).toEqual(saved.json().data);
    // Another language is another translation.
    expect((await read(translationUrl('home', homeId, 'ar'))).json().data.fields.heading2).toBe('');
  });

  it('shows a translated field in its language and the default language’s text elsewhere', async () => {
    await write(translationUrl('home', homeId, 'fr'), { heading2: 'Bienvenue' });
    const french = (await call(t.app, { url: '/api/home?lang=fr' })).json().data[0];
    expect(french).toEqual({ ...home, heading2: 'Bienvenue' });
    // The default language and a language without a translation: the record as stored.
    expect((await call(t.app, { url: '/api/home?lang=en' })).json().data[0]).toEqual(home);
    expect((await call(t.app, { url: '/api/home?lang=ar' })).json().data[0]).toEqual(home);
    expect((await call(t.app, { url: '/api/home' })).json().data[0]).toEqual(home);
  });

  it('keeps each language’s answer apart and makes it afresh after a translation changes', async () => {
    await write(translationUrl('home', homeId, 'fr'), { heading2: 'Première version' });
    const first = await call(t.app, { url: '/api/home?lang=fr' });
    const english = await call(t.app, { url: '/api/home' });
    expect(first.headers.etag).not.toBe(english.headers.etag);
    const again = await call(t.app, {
      url: '/api/home?lang=fr',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    await write(translationUrl('home', homeId, 'fr'), { heading2: 'Seconde version' });
    const second = await call(t.app, {
      url: '/api/home?lang=fr',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data[0].heading2).toBe('Seconde version');
    // The default language's bytes did not change.
    const englishAgain = await call(t.app, {
      url: '/api/home',
      headers: { 'if-none-match': String(english.headers.etag) },
    });
    expect(englishAgain.statusCode).toBe(304);
  });

  it('removes a translation left without text', async () => {
    await write(translationUrl('home', homeId, 'fr'), { heading2: 'Bienvenue' });
    const cleared = await write(translationUrl('home', homeId, 'fr'), { heading2: '   ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.fields.heading2).toBe('');
    const rows = await t.db
      .selectFrom('content_translation')
      .selectAll()
      .where('record_id', '=', homeId)
      .execute();
    expect(rows).toEqual([]);
    expect((await call(t.app, { url: '/api/home?lang=fr' })).json().data[0]).toEqual(home);
  });

  it('refuses the default language, a language not offered and one the product does not speak', async () => {
    const english = await write(translationUrl('home', homeId, 'en'), { heading2: 'Welcome' });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toBe(TRANSLATION_MESSAGES.defaultLanguage);
    expect(detailsOf(english.json()).map((d) => d.field)).toEqual(['language']);
    expect((await read(translationUrl('home', homeId, 'en'))).statusCode).toBe(400);
    // Said in the principal's own language.
    await call(t.app, {
      method: 'PUT',
      url: '/api/users/language',
      headers: bearer(f.tokens.principal),
      payload: { language: 'fr' },
    });
    const inFrench = await write(translationUrl('home', homeId, 'en'), { heading2: 'Bienvenue' });
    expect(inFrench.json().error.message).toBe(
      messagesFor('fr')['validation.contentTranslation.defaultLanguage'],
    );
    await call(t.app, {
      method: 'PUT',
      url: '/api/users/language',
      headers: bearer(f.tokens.principal),
      payload: { language: null },
    });

    const unknown = await read(translationUrl('home', homeId, 'xx'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(TRANSLATION_MESSAGES.language);
    expect((await call(t.app, { url: '/api/home?lang=xx' })).statusCode).toBe(400);

    await t.db.updateTable('school_settings').set({ languages: 'en,fr' }).execute();
    try {
      const arabic = await write(translationUrl('home', homeId, 'ar'), { heading2: 'مرحبا' });
      expect(arabic.statusCode).toBe(400);
      expect(arabic.json().error.message).toBe(TRANSLATION_MESSAGES.notOffered);
    } finally {
      await t.db.updateTable('school_settings').set({ languages: 'en,fr,ar' }).execute();
    }
  });

  it('refuses fields that are not the record’s text, text too long and a body that is no object', async () => {
    const icon = await call(t.app, { url: '/api/facilities' });
    const facility = icon.json().data[0];
    const withIcon = await write(translationUrl('facilities', facility.id, 'fr'), { image: 'bi-tree' });
    expect(withIcon.statusCode).toBe(400);
    expect(withIcon.body).toContain(ADMIN_MESSAGES.unknownFields(['image']));
    const pictures = await write(translationUrl('home', homeId, 'fr'), { images: [] });
    expect(pictures.statusCode).toBe(400);
    const long = await write(translationUrl('home', homeId, 'fr'), { heading2: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(ADMIN_MESSAGES.tooLong('Title', 200));
    const notText = await write(translationUrl('home', homeId, 'fr'), { heading2: 5 });
    expect(notText.statusCode).toBe(400);
    expect((await write(translationUrl('home', homeId, 'fr'), [])).statusCode).toBe(400);
    expect((await read(translationUrl('home', 'abc', 'fr'))).statusCode).toBe(400);
  });

  it('answers 404 for a record that is not there or of another collection, 401 and 403 to others', async () => {
    expect((await read(translationUrl('home', 999999, 'fr'))).statusCode).toBe(404);
    expect((await write(translationUrl('home', 999999, 'fr'), { heading2: 'x' })).statusCode).toBe(404);
    expect((await read(translationUrl('about', homeId, 'fr'))).statusCode).toBe(404);
    expect((await read(translationUrl('home', homeId, 'fr'), f.tokens.teacher)).statusCode).toBe(403);
    expect((await write(translationUrl('home', homeId, 'fr'), {}, f.tokens.parent)).statusCode).toBe(403);
    expect((await call(t.app, { url: translationUrl('home', homeId, 'fr') })).statusCode).toBe(401);
  });

  it('deletes a record’s translations with it', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/admin/content/comments',
      headers: bearer(f.tokens.principal),
      payload: { name: 'Ana', degination: 'Mother', discription: 'Lovely school', images: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    await write(translationUrl('comments', id, 'ar'), { discription: 'مدرسة جميلة' });
    const arabic = (await call(t.app, { url: '/api/comments?lang=ar' })).json().data;
    expect(arabic.find((one: { id: number }) => one.id === id)?.discription).toBe('مدرسة جميلة');
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/content/comments/${id}`,
      headers: bearer(f.tokens.principal),
    });
    expect(deleted.statusCode).toBe(204);
    const left = await t.db
      .selectFrom('content_translation')
      .selectAll()
      .where('record_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('renders /fr/ with the French text and the default language’s where there is none, heads included', async () => {
    await write(translationUrl('home', homeId, 'fr'), {
      heading2: 'Une école pour grandir',
      discription: 'Description en français du jardin d’enfants.',
    });
    const french = await call(t.app, { url: '/fr' });
    expect(french.statusCode, french.body).toBe(200);
    expect(french.body).toContain('Une école pour grandir');
    expect(french.body).toContain(
      '<meta name="description" content="Description en français du jardin d’enfants."',
    );
    // Not translated: the small heading in the default language.
    expect(french.body).toContain(String(home.heading));
    expect(french.body).not.toContain(String(home.heading2));

    const english = await call(t.app, { url: '/' });
    expect(english.body).toContain(String(home.heading2));
    expect(english.body).not.toContain('Une école pour grandir');
    // Arabic has no translation: the default language's text throughout.
    const arabic = await call(t.app, { url: '/ar' });
    expect(arabic.body).toContain(String(home.heading2));
  });
});

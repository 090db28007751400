import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Config, loadConfig } from '../../config.js';
import { DiskFileStore } from '../../lib/file-store/disk-file-store.js';
import { translatorFor } from '../../lib/i18n.js';
import type { TestApp } from '../../test/app.js';
import { createTestDatabase, TEST_ENGINES } from '../../test/databases.js';
import { createPagesTestApp } from '../../test/pages-app.js';
import { backupToFile } from '../backup/backup.js';
import { restoreArchive } from '../backup/restore.js';
import { bearer, tokenOf } from '../users/test-helpers.js';

/**
 * The school's own words (docs/decisions/0065-the-schools-own-words.md): the principal replaces a
 * text per language, the pages, the school area's messages and the server's translators say it, and
 * a reset brings the contract's wording back. Refused texts say why, in the principal's language,
 * and leave nothing saved.
 */

const PUBLIC_URL = 'https://school.test';
const TITLE = 'public-site.title.registation';

describe.each(TEST_ENGINES)("the school's own words (%s)", (engine) => {
  let t: TestApp;
  let principal: string;
  let teacher: string;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { demo: true, publicUrl: PUBLIC_URL });
    principal = await tokenOf(t.app, 'principal@demo.school');
    teacher = await tokenOf(t.app, 'teacher@demo.school');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const put = (locale: string, key: string, text: unknown, token = principal) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/words/${locale}/${key}`,
      headers: bearer(token),
      payload: { text },
    });
  const reset = (locale: string, key: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/words/${locale}/${key}`, headers: bearer(principal) });
  const list = async (locale?: string) => {
    const res = await t.app.inject({
      url: `/api/admin/words${locale ? `?locale=${locale}` : ''}`,
      headers: bearer(principal),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { locale: string; key: string; text: string; original: string }[];
  };

  it('is the principal’s alone', async () => {
    expect((await put('en', TITLE, 'Registration form', teacher)).statusCode).toBe(403);
    const search = await t.app.inject({
      url: '/api/admin/words/messages?locale=en&q=x',
      headers: bearer(teacher),
    });
    expect(search.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/words' })).statusCode).toBe(401);
  });

  it('finds "Registation" in the catalog, with the language’s text', async () => {
    const res = await t.app.inject({
      url: '/api/admin/words/messages?locale=fr&q=registation%20form',
      headers: bearer(principal),
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json() as { data: { key: string; english: string; original: string }[]; total: number };
    expect(found.data.map((m) => m.key)).toContain(TITLE);
    expect(found.data.find((m) => m.key === TITLE)).toEqual({
      key: TITLE,
      english: 'Registation form',
      original: translatorFor('fr').t(TITLE),
      replacement: null,
    });
    expect(found.total).toBe(found.data.length);
  });

  it('a server-rendered page says the school’s words, and a reset brings the contract’s back', async () => {
    const before = await t.app.inject({ url: '/registation' });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Registation form');
    expect(before.body).not.toContain('Registration form');

    const saved = await put('en', TITLE, 'Registration form');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      locale: 'en',
      key: TITLE,
      text: 'Registration form',
      original: 'Registation form',
      english: 'Registation form',
      applies: true,
    });
    // An island's message too (the registration form's link to the log-in), handed over parsed.
    const island = await put(
      'en',
      'accounts.registration.switch',
      'Have an account already? <link>Log in</link>.',
    );
    expect(island.statusCode, island.body).toBe(200);

    const after = await t.app.inject({ url: '/registation' });
    expect(after.body).toContain('Registration form');
    expect(after.body).toContain('Have an account already?');
    // The search shows it replaced; the list has both.
    const search = await t.app.inject({
      url: '/api/admin/words/messages?locale=en&q=registration%20form',
      headers: bearer(principal),
    });
    expect(search.json().data.find((m: { key: string }) => m.key === TITLE)?.replacement).toBe(
      'Registration form',
    );
    expect((await list('en')).map((w) => w.key)).toEqual(['accounts.registration.switch', TITLE]);
    expect(await list('fr')).toEqual([]);

    // The school area's page carries the words in its messages, and the server's translator says them.
    const app = await t.app.inject({ url: '/dashboard' });
    expect(app.body).toContain('"public-site.title.registation":"Registration form"');
    expect(translatorFor('en').t(TITLE)).toBe('Registration form');
    // Other languages keep their own.
    expect(translatorFor('fr').t(TITLE)).not.toBe('Registration form');

    expect((await reset('en', TITLE)).statusCode).toBe(204);
    expect((await reset('en', 'accounts.registration.switch')).statusCode).toBe(204);
    const back = await t.app.inject({ url: '/registation' });
    expect(back.body).toContain('Registation form');
    expect(back.body).not.toContain('Registration form');
    expect(back.body).not.toContain('Have an account already?');
    expect(translatorFor('en').t(TITLE)).toBe('Registation form');
    const again = await reset('en', TITLE);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('That text has no replacement in this language.');
  });

  it('a replacement is per language: French pages say the French one', async () => {
    expect((await put('fr', TITLE, 'Inscription à l’école')).statusCode).toBe(200);
    const french = await t.app.inject({ url: '/fr/registation' });
    expect(french.body).toContain('Inscription à l’école');
    const english = await t.app.inject({ url: '/registation' });
    expect(english.body).not.toContain('Inscription à l’école');
    expect((await reset('fr', TITLE)).statusCode).toBe(204);
  });

  it('refuses a text that is not a valid message, or whose values differ, saying why; nothing is saved', async () => {
    const cases: [key: string, text: unknown, field: string, reason: string][] = [
      [TITLE, 'Registration {form', 'text', 'The text is not a valid message near character'],
      [
        'accounts.photos.remove',
        'Remove the photo',
        'text',
        'The text leaves out {name}, which the original has.',
      ],
      [
        'accounts.photos.remove',
        'Remove {name} from {place}',
        'text',
        'The text uses {place}, which the original does not have.',
      ],
      [
        'accounts.photos.remove',
        'Remove {name, plural, one {# photo} other {# photos}}',
        'text',
        'The text uses {name} differently from the original.',
      ],
      [
        'accounts.login.switch',
        'New here? Register for an account.',
        'text',
        'The text leaves out <link>, which the original has.',
      ],
      ['accounts.no-such-text', 'Hello', 'key', 'No text of Schoolyard has the key accounts.no-such-text.'],
      [TITLE, '   ', 'text', 'Write the text, or reset it to the original.'],
      [TITLE, 'x'.repeat(2001), 'text', 'The text is too long: keep it under 2000 characters.'],
    ];
    for (const [key, text, field, reason] of cases) {
      const res = await put('en', key, text);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      const { error } = res.json() as {
        error: { code: string; message: string; details: { field: string; message: string }[] };
      };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details[0]?.field, key).toBe(field);
      expect(error.details[0]?.message, key).toContain(reason);
    }
    expect(await list()).toEqual([]);
    // A language or key the path cannot hold is refused before anything is read.
    expect((await put('de', TITLE, 'Anmeldung')).statusCode).toBe(400);
    expect((await put('en', 'no key', 'x')).statusCode).toBe(400);
  });

  it('says why in the principal’s language', async () => {
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/users/language',
      headers: bearer(principal),
      payload: { language: 'fr' },
    });
    expect(language.statusCode, language.body).toBe(200);
    try {
      const res = await put('en', 'accounts.photos.remove', 'Remove the photo');
      expect(res.statusCode).toBe(400);
      const { error } = res.json() as { error: { message: string; details: { message: string }[] } };
      expect(error.message).toBe('Le texte n’a pas été enregistré.');
      expect(error.details[0]?.message).toBe('Le texte omet {name}, que l’original contient.');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/language',
        headers: bearer(principal),
        payload: { language: null },
      });
    }
  });

  it('a stored text that no longer fits its message is listed as not in use, and pages keep the original', async () => {
    await t.app.db
      .insertInto('school_word')
      .values({
        locale: 'en',
        message_key: TITLE,
        text: 'Registration {form}',
        updated_at: '2026-11-27T10:00:00.000Z',
      })
      .execute();
    // Another write raises the content version, as an upgrade's restart would read the table afresh.
    expect((await put('en', 'accounts.photos.remove', 'Take {name} away')).statusCode).toBe(200);
    const words = await list('en');
    expect(words.find((w) => w.key === TITLE)).toMatchObject({ applies: false });
    const page = await t.app.inject({ url: '/registation' });
    expect(page.body).toContain('Registation form');
    expect(translatorFor('en').t('accounts.photos.remove', { name: 'Ada' })).toBe('Take Ada away');
    expect((await reset('en', TITLE)).statusCode).toBe(204);
    expect((await reset('en', 'accounts.photos.remove')).statusCode).toBe(204);
  });

  it('travels in a backup: a restored school says its own words', async () => {
    expect((await put('en', TITLE, 'Registration form')).statusCode).toBe(200);
    const target = await createTestDatabase(engine);
    const files = new DiskFileStore(path.join(t.dataDir, 'uploads'));
    try {
      const { file } = await backupToFile(
        { database: t.config, files },
        { dir: path.join(t.dataDir, 'backups') },
      );
      // The source school goes back to the contract's words: what the restored one says is its own.
      expect((await reset('en', TITLE)).statusCode).toBe(204);
      await restoreArchive(
        file,
        {
          database: target.config,
          files: () => new DiskFileStore(path.join(target.dataDir, 'uploads')),
          dataDir: target.dataDir,
        },
        { replace: false },
      );
      const config: Config = {
        ...loadConfig({
          DATA_DIR: target.dataDir,
          LOG_LEVEL: 'silent',
          DEMO_DATA: 'false',
          MAIL_POLL_MS: '0',
        }),
        database: target.config,
        webDistDir: path.join(target.dataDir, 'no-web-build'),
      };
      const restored = await buildApp(config, { db: target.db, logger: false });
      try {
        const token = await tokenOf(restored, 'principal@demo.school');
        const res = await restored.inject({ url: '/api/admin/words?locale=en', headers: bearer(token) });
        expect(res.json().data).toMatchObject([{ key: TITLE, text: 'Registration form', applies: true }]);
        expect(translatorFor('en').t(TITLE)).toBe('Registration form');
      } finally {
        await restored.close();
      }
    } finally {
      await target.dispose().catch(() => undefined);
      await reset('en', TITLE);
    }
  });
});

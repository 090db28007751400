import { describe, expect, it } from 'vitest';
import { LANGUAGE_MESSAGES, type SchoolSettings } from '../../../shared/api/settings.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withDemoSchool } from '../../test/school-fixtures.js';
import { bearer, call } from '../users/test-helpers.js';
import { schoolLanguages, schoolLanguagesOf, userLocale } from './settings.repository.js';

describe('a stored list of languages', () => {
  it('keeps the default among the offered ones, in the product order, and drops what is no language', () => {
    expect(schoolLanguagesOf({ language: 'fr', languages: 'ar,en' })).toEqual({
      language: 'fr',
      languages: ['en', 'fr', 'ar'],
    });
    expect(schoolLanguagesOf({ language: 'de', languages: 'de,ar,,x' })).toEqual({
      language: 'en',
      languages: ['en', 'ar'],
    });
  });
});

describe.each(TEST_ENGINES)("the school's languages on %s", (engine) => {
  const { t, f } = withDemoSchool(engine);

  const read = async (): Promise<SchoolSettings> => (await call(t.app, { url: '/api/settings' })).json().data;
  const put = (payload: object) =>
    call(t.app, { method: 'PUT', url: '/api/admin/settings', headers: bearer(f.tokens.principal), payload });

  it('the demo offers English, French and Arabic, English by default', async () => {
    expect(await read()).toMatchObject({ language: 'en', languages: ['en', 'fr', 'ar'] });
  });

  it('the principal sets the default and the offered ones; a body without them keeps them', async () => {
    const before = await read();
    const set = await put({ ...before, language: 'ar', languages: ['ar', 'fr'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ language: 'ar', languages: ['fr', 'ar'] });
    const { language: _language, languages: _languages, ...withoutLanguages } = before;
    const kept = await put({ ...withoutLanguages, name: 'Renamed' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Renamed', language: 'ar', languages: ['fr', 'ar'] });
    expect(await schoolLanguages(t.app.db)).toEqual({ language: 'ar', languages: ['fr', 'ar'] });
    expect((await put(before)).statusCode).toBe(200);
  });

  it('refuses a default that is not offered, a language the product does not speak and none at all', async () => {
    const before = await read();
    const cases: [object, string, string][] = [
      [{ language: 'fr', languages: ['en'] }, 'language', LANGUAGE_MESSAGES.defaultNotOffered],
      [{ language: 'de' }, 'language', LANGUAGE_MESSAGES.unknownLanguage],
      [{ languages: ['en', 'klingon'] }, 'languages.1', LANGUAGE_MESSAGES.unknownLanguage],
      [{ languages: [] }, 'languages', LANGUAGE_MESSAGES.unknownLanguage],
      [{ languages: 'en' }, 'languages', LANGUAGE_MESSAGES.unknownLanguage],
    ];
    for (const [change, field, message] of cases) {
      const res = await put({ ...before, ...change });
      expect(res.statusCode, res.body).toBe(400);
      const details: { field: string; message: string }[] = res.json().error.details;
      expect(details, JSON.stringify(change)).toContainEqual({ field, message });
    }
    expect(await read()).toEqual(before);
  });

  it("a user's language is their own while the school offers it, else the school's default", async () => {
    const parent = f.users.parent;
    expect(await userLocale(t.app.db, parent)).toBe('en');
    await t.app.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', parent).execute();
    expect(await userLocale(t.app.db, parent)).toBe('fr');
    const before = await read();
    expect((await put({ ...before, language: 'ar', languages: ['en', 'ar'] })).statusCode).toBe(200);
    expect(await userLocale(t.app.db, parent)).toBe('ar');
    expect((await put(before)).statusCode).toBe(200);
    await t.app.db.updateTable('app_user').set({ language: null }).where('id', '=', parent).execute();
  });
});

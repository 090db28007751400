import { describe, expect, it } from 'vitest';
import { USER_LANGUAGE_MESSAGES } from '../../../shared/api/user-language.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withDemoSchool } from '../../test/school-fixtures.js';
import { userLocale } from '../settings/settings.repository.js';
import { bearer, call } from './test-helpers.js';

describe.each(TEST_ENGINES)("a user's own language on %s", (engine) => {
  const { t, f } = withDemoSchool(engine);

  const choose = (language: unknown, token: string | null = f.tokens.parent) =>
    call(t.app, {
      method: 'PUT',
      url: '/api/users/language',
      headers: token ? bearer(token) : {},
      payload: { language },
    });

  it('a signed-in user chooses an offered language, and null goes back to the school default', async () => {
    const french = await choose('fr');
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json()).toEqual({ data: { language: 'fr', locale: 'fr' } });
    expect(await userLocale(t.app.db, f.users.parent)).toBe('fr');
    const back = await choose(null);
    expect(back.json()).toEqual({ data: { language: null, locale: 'en' } });
    expect(await userLocale(t.app.db, f.users.parent)).toBe('en');
  });

  it('refuses a language the school does not offer or the product does not speak, and needs a session', async () => {
    await t.app.db.updateTable('school_settings').set({ languages: 'en,ar' }).execute();
    try {
      const notOffered = await choose('fr');
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json().error.details).toEqual([
        { field: 'language', message: USER_LANGUAGE_MESSAGES.notOffered },
      ]);
      const unknown = await choose('de');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.details[0]).toMatchObject({ field: 'language' });
      expect((await choose('ar', null)).statusCode).toBe(401);
      expect(await userLocale(t.app.db, f.users.parent)).toBe('en');
    } finally {
      await t.app.db.updateTable('school_settings').set({ languages: 'en,fr,ar' }).execute();
    }
  });
});

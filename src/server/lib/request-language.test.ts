import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../shared/api/enquiry.js';
import { call } from '../features/users/test-helpers.js';
import { TEST_ENGINES } from '../test/databases.js';
import { withTestApp } from '../test-helpers.js';

type FieldError = { field: string; message: string };

const BAD_ENQUIRY = { name: ' ', email: 'not-an-email', subject: '', message: '' };

/**
 * Server messages in the request's language (docs/decisions/0061-server-messages-in-the-request-language.md):
 * a visitor's Accept-Language among the school's languages, English as it always read otherwise.
 */
describe.each(TEST_ENGINES)('the language of server messages on %s', (engine) => {
  const t = withTestApp(engine);

  const offer = (languages: string) => t.db.updateTable('school_settings').set({ languages }).execute();

  const postEnquiry = (acceptLanguage?: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/enquiries',
      payload: BAD_ENQUIRY,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });

  it('a French visitor gets the field messages and the summary in French', async () => {
    await offer('en,fr,ar');
    const res = await postEnquiry('fr-FR,fr;q=0.9,en;q=0.5');
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { code: string; message: string; details: FieldError[] } };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([
      { field: 'name', message: 'Veuillez saisir votre nom' },
      { field: 'email', message: 'Veuillez saisir une adresse e-mail valide' },
      { field: 'subject', message: 'Veuillez saisir un objet' },
      { field: 'message', message: 'Veuillez saisir votre message' },
    ]);
    expect(error.message).toBe('name : Veuillez saisir votre nom (et 3 autres)');
  });

  it('an Arabic visitor gets them in Arabic', async () => {
    await offer('en,fr,ar');
    const res = await postEnquiry('ar');
    const { error } = res.json() as { error: { details: FieldError[] } };
    expect(error.details[0]).toEqual({ field: 'name', message: 'يُرجى إدخال اسمك' });
    expect(error.details[1]).toEqual({ field: 'email', message: 'يُرجى إدخال بريد إلكتروني صالح' });
  });

  it('English stays as it was: without a header, for an English one, and for a language the school does not offer', async () => {
    await offer('en,fr');
    for (const header of [undefined, 'en-GB', 'ar']) {
      const res = await postEnquiry(header);
      const { error } = res.json() as { error: { message: string; details: FieldError[] } };
      expect(error.details[0], String(header)).toEqual({
        field: 'name',
        message: ENQUIRY_MESSAGES.enterName,
      });
      expect(error.message).toBe(`name: ${ENQUIRY_MESSAGES.enterName} (and 3 more)`);
    }
  });

  it('an error no catalog has word for word gives its code’s general message in another language', async () => {
    await offer('en,fr,ar');
    const english = await call(t.app, { method: 'GET', url: '/api/users/profile' });
    const french = await call(t.app, {
      method: 'GET',
      url: '/api/users/profile',
      headers: { 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(english.statusCode);
    expect(french.json().error.code).toBe(english.json().error.code);
    expect(french.json().error.message).not.toBe(english.json().error.message);
    expect(french.json().error.message).toMatch(/Veuillez vous connecter|autorisé/);
  });

  it('an address nothing answers is said in the request’s language, its method and path kept', async () => {
    await offer('en,fr,ar');
    const answer = (acceptLanguage: string) =>
      call(t.app, {
        method: 'DELETE',
        url: '/api/no-such-call?x=1',
        headers: { 'accept-language': acceptLanguage },
      });
    const [english, french, arabic] = await Promise.all([answer('en'), answer('fr'), answer('ar')]);
    expect(english.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Nothing is at DELETE /api/no-such-call.',
    });
    expect(french.statusCode).toBe(404);
    expect(french.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Il n’y a rien à DELETE /api/no-such-call.',
    });
    expect(arabic.json().error.message).toBe('لا يوجد شيء في DELETE /api/no-such-call.');
  });
});

import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_FORM_POST, NEWSLETTER_FORM_POST } from '../../../shared/api/form-posts.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { ApiError, apiClient } from '../../lib/api-client.js';
import { I18nProvider, setFallbackTranslator } from '../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../test/i18n.js';
import { FormPostOutcomeNote, HoneypotField, NameAndEmailFields } from './public-form.js';

function Fields() {
  const { register } = useForm<{ name: string; email: string; website: string }>();
  return (
    <form>
      <NameAndEmailFields id="f" register={register} errors={{}} />
      <HoneypotField registration={register('website')} />
    </form>
  );
}

const inLocale = (locale: AnyLocale, element: React.ReactElement) =>
  render(<I18nProvider translator={testTranslator(locale)}>{element}</I18nProvider>);

describe('the public forms’ own words in other languages', () => {
  afterEach(() => setFallbackTranslator(testTranslator()));

  it('name, email and the honeypot have no text that no catalog gave; French labels', () => {
    const { container, unmount } = inLocale('en-XA', <Fields />);
    expect(untranslatedTexts(container)).toEqual([]);
    unmount();
    inLocale('fr', <Fields />);
    expect(screen.getByLabelText('Votre nom')).toBeInTheDocument();
    expect(screen.getByLabelText('Votre e-mail')).toBeInTheDocument();
  });

  it('a plain send’s outcome in Arabic: thanks, and each mistake by its code', () => {
    const { unmount } = inLocale(
      'ar',
      <FormPostOutcomeNote post={NEWSLETTER_FORM_POST} search="?newsletter=subscribed" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^شكرًا! أرسلنا إليك رسالة/);
    unmount();
    inLocale(
      'fr',
      <FormPostOutcomeNote post={CONTACT_FORM_POST} search="?contact=enterName&contact=tooMany" />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Votre message n’a pas été envoyé.');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      testTranslator('fr').t('validation.enterName'),
      'Trop de messages depuis cette adresse. Veuillez réessayer dans quelques minutes.',
    ]);
  });

  it('the pseudo-locale’s outcome has no text that no catalog gave', () => {
    const { container } = inLocale(
      'en-XA',
      <FormPostOutcomeNote post={CONTACT_FORM_POST} search="?contact=enterEmail&contact=failed" />,
    );
    expect(untranslatedTexts(container)).toEqual([]);
  });

  it('the api client’s own fallbacks speak the page’s language', async () => {
    setFallbackTranslator(testTranslator('fr'));
    const fetchMock = globalThis.fetch;
    globalThis.fetch = async () => new Response('<html>busy</html>', { status: 503 });
    try {
      const error = await apiClient.get('home').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('Un problème est survenu de notre côté. Veuillez réessayer.');
      globalThis.fetch = async () => {
        throw new TypeError('offline');
      };
      const offline = await apiClient.get('home').catch((caught: unknown) => caught);
      expect((offline as ApiError).message).toBe(
        'Nous n’avons pas pu joindre le serveur de l’école. Vérifiez votre connexion et réessayez.',
      );
      setFallbackTranslator(testTranslator());
      const english = await apiClient.get('home').catch((caught: unknown) => caught);
      expect((english as ApiError).message).toBe(
        'We could not reach the school server. Please check your connection and try again.',
      );
    } finally {
      globalThis.fetch = fetchMock;
    }
  });
});

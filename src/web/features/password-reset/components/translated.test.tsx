import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { renderScreen } from '../../../test/school-test-utils.js';
import { ForgotPasswordForm } from './ForgotPasswordForm.js';
import { ResetPasswordForm } from './ResetPasswordForm.js';

const inLocale = (locale: 'en-XA' | 'fr' | 'ar', ui: ReactNode) => (
  <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider>
);

describe('the password reset screens in another language', () => {
  it('asking for a link: every text from the catalog', async () => {
    const { container } = renderScreen(inLocale('en-XA', <ForgotPasswordForm />));
    await screen.findByRole('form');
    expect(untranslatedTexts(container)).toEqual([]);
  });

  it('setting the new password, and a link that is missing: every text from the catalog', async () => {
    const { container } = renderScreen(inLocale('en-XA', <ResetPasswordForm />), {
      path: '/?token=abc',
    });
    await screen.findByRole('form');
    expect(untranslatedTexts(container)).toEqual([]);
    const missing = renderScreen(inLocale('en-XA', <ResetPasswordForm />));
    expect(untranslatedTexts(missing.container)).toEqual([]);
  });

  it('in French and Arabic', async () => {
    renderScreen(inLocale('fr', <ForgotPasswordForm />));
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié ?' })).toBeInTheDocument();
    renderScreen(inLocale('ar', <ResetPasswordForm />), { path: '/?token=abc' });
    expect(await screen.findByRole('heading', { name: 'تعيين كلمة مرور جديدة' })).toBeInTheDocument();
  });
});

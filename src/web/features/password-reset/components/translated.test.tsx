import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '../../../../shared/api/mail.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
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

  it('a link asked for: the page says so in its own language, not in the answer’s English', async () => {
    mockApi({ 'POST users/password-reset': { data: { message: MAIL_MESSAGES.resetRequested } } });
    const { container, user } = renderScreen(inLocale('fr', <ForgotPasswordForm />));
    const form = await screen.findByRole('form');
    await user.type(within(form).getByLabelText(/^E-mail/), 'parent@example.com');
    await user.click(within(form).getByRole('button'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si un compte utilise cette adresse e-mail, un lien pour choisir un nouveau mot de passe est en route.',
    );
    expect(container.textContent).not.toContain(MAIL_MESSAGES.resetRequested);
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

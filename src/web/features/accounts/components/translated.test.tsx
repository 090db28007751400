import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { jsonResponse } from '../../../test/render-app.js';
import { renderScreen } from '../../../test/school-test-utils.js';
import { makeApplicant, makeUser, mockApi } from '../testing/mock-api.js';
import { Approvals } from './Approvals.js';
import { LoginForm } from './LoginForm.js';
import { OwnProfile } from './ProfileScreen.js';
import { RegistrationForm } from './RegistrationForm.js';

const inLocale = (locale: 'en-XA' | 'fr' | 'ar', ui: ReactNode) => (
  <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider>
);

/** The user data the tests put on the screen (never translated). */
const ASHA = [
  'Asha Verma',
  'Pupil, Class 2',
  'Loves drawing and dinosaurs.',
  '12 Maple Street, Greenfield',
  '+1 555 0123 456',
  'asha@example.com',
  'https://example.com/asha',
  // The date of birth, formatted (the pseudo-locale formats as English).
  '9 March 2016',
];

describe('the account screens in another language', () => {
  it('registration (a Parent, with the children’s fields): every text from the catalog', async () => {
    const { container, user } = renderScreen(inLocale('en-XA', <RegistrationForm />));
    await screen.findByRole('combobox');
    // A Parent shows the children's fields too.
    await user.selectOptions(screen.getByRole('combobox'), USER_TYPE.parent);
    await screen.findByRole('button', { name: testTranslator('en-XA').t('accounts.children.add') });
    expect(
      untranslatedTexts(container, ['https://', '+1 555 0123 456', 'JPEG, PNG, WebP, GIF', 'AVIF']),
    ).toEqual([]);
  });

  it('registration in French: the types and genders translated, their wire values kept', async () => {
    renderScreen(inLocale('fr', <RegistrationForm />));
    expect(
      await screen.findByRole('heading', { name: 'Rejoignez la famille de notre école' }),
    ).toBeInTheDocument();
    const type = screen.getByRole('combobox');
    const principal = within(type).getByRole('option', {
      name: testTranslator('fr').t('common.userType.Principle'),
    });
    expect(principal).toHaveAttribute('value', USER_TYPE.principal);
    expect(screen.getByRole('radio', { name: 'Féminin' })).toHaveAttribute('value', 'Female');
  });

  it('login: every text from the catalog', async () => {
    const { container } = renderScreen(inLocale('en-XA', <LoginForm />));
    await screen.findByRole('form');
    expect(untranslatedTexts(container)).toEqual([]);
  });

  it('login in Arabic', async () => {
    renderScreen(inLocale('ar', <LoginForm />));
    expect(
      await screen.findByRole('button', { name: testTranslator('ar').t('accounts.login.submit') }),
    ).toBeInTheDocument();
  });

  it('profile and its update form: every text from the catalog', async () => {
    mockApi({ 'GET users/profile': () => jsonResponse({ results: makeUser() }) });
    const { container, user } = renderScreen(inLocale('en-XA', <OwnProfile />));
    await screen.findByRole('heading', { name: 'Asha Verma' });
    expect(untranslatedTexts(container, ASHA)).toEqual([]);
    await user.click(
      screen.getByRole('button', { name: testTranslator('en-XA').t('accounts.profile.update') }),
    );
    await screen.findByRole('form');
    expect(untranslatedTexts(container, ASHA)).toEqual([]);
  });

  it('profile in French: labels, type and date of birth', async () => {
    mockApi({ 'GET users/profile': () => jsonResponse({ results: makeUser() }) });
    renderScreen(inLocale('fr', <OwnProfile />));
    await screen.findByRole('heading', { name: 'Asha Verma' });
    expect(screen.getByText('Date de naissance')).toBeInTheDocument();
    expect(screen.getByText('9 mars 2016')).toBeInTheDocument();
    expect(screen.getByText('Féminin')).toBeInTheDocument();
  });

  it('approvals: every text from the catalog', async () => {
    mockApi({ 'GET users?status=pending': () => jsonResponse({ data: [makeApplicant()] }) });
    const { container } = renderScreen(inLocale('en-XA', <Approvals />));
    await screen.findByRole('heading', { name: 'Ravi Kumar' });
    expect(
      untranslatedTexts(container, [
        'Ravi Kumar',
        'ravi@example.com',
        'Art teacher',
        ...ASHA,
        '20 November 2026',
      ]),
    ).toEqual([]);
  });
});

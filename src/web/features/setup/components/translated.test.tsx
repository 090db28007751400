import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { renderScreen } from '../../../test/school-test-utils.js';
import { SetupForm } from './SetupForm.js';

const inLocale = (locale: 'en-XA' | 'fr' | 'ar', ui: ReactNode) => (
  <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider>
);

describe('the set-up page in another language', () => {
  it('the form, and the page without its link: every text from the catalog', async () => {
    const { container } = renderScreen(inLocale('en-XA', <SetupForm />), { path: '/?token=abc' });
    await screen.findByRole('form');
    // The address the server printed is a path, not words.
    expect(untranslatedTexts(container)).toEqual([]);
    const missing = renderScreen(inLocale('en-XA', <SetupForm />));
    expect(untranslatedTexts(missing.container, ['/setup?token='])).toEqual([]);
  });

  it('in Arabic', async () => {
    renderScreen(inLocale('ar', <SetupForm />), { path: '/?token=abc' });
    expect(await screen.findByRole('heading', { name: 'إعداد مدرستك' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعداد المدرسة' })).toBeInTheDocument();
  });
});

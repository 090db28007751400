import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchoolSettings } from '../../../shared/api/settings.js';
import { setFallbackTranslator } from '../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../test/i18n.js';
import { TEST_SCHOOL } from '../../test/school.js';
import { answer, mockApi, renderScreen } from '../../test/school-test-utils.js';
import { LanguageLinks, LanguagePicker } from './LanguageSwitch.js';
import { SchoolContext } from './school.js';

/** The frame's school, as the app's root gives it. */
const withSchool = (ui: ReactNode, settings: SchoolSettings = TEST_SCHOOL) => (
  <SchoolContext value={{ settings, status: 'success' }}>{ui}</SchoolContext>
);

afterEach(() => setFallbackTranslator(testTranslator()));

describe('LanguageLinks', () => {
  it('links this page in each offered language, named in its own, the default one without a prefix', async () => {
    renderScreen(withSchool(<LanguageLinks />), { path: '/about?x=1', pattern: '/about' });
    const nav = await screen.findByRole('navigation', { name: 'Language' });
    const links = within(nav).getAllByRole('link');
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('lang')]),
    ).toEqual([
      ['English', '/about?x=1', 'en'],
      ['Français', '/fr/about?x=1', 'fr'],
      ['العربية', '/ar/about?x=1', 'ar'],
    ]);
    expect(within(nav).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  });

  it('is not there when the school offers one language', async () => {
    renderScreen(withSchool(<LanguageLinks />, { ...TEST_SCHOOL, languages: ['en'] }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('LanguagePicker', () => {
  it('keeps the chosen language on the account, then loads the page again in it', async () => {
    const reload = vi.fn();
    const api = mockApi({
      'PUT users/language': { data: { language: 'ar', locale: 'ar' } },
    });
    const { user } = renderScreen(withSchool(<LanguagePicker reload={reload} />));
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'العربية');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: 'users/language', body: { language: 'ar' } },
    ]);
  });

  it('says so when the choice could not be saved, and stays on the page', async () => {
    const reload = vi.fn();
    mockApi({
      'PUT users/language': answer(503, { error: { code: 'UNAVAILABLE', message: 'down' } }),
    });
    const { user } = renderScreen(withSchool(<LanguagePicker reload={reload} />));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your language could not be saved');
    expect(reload).not.toHaveBeenCalled();
  });

  it('has every text from a catalog but the languages’ own names', async () => {
    setFallbackTranslator(testTranslator('en-XA'));
    const { container } = renderScreen(withSchool(<LanguagePicker />));
    await screen.findByRole('combobox');
    expect(untranslatedTexts(container)).toEqual([]);
  });
});

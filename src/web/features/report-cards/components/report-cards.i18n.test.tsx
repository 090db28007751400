import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { MY_CARDS, PUBLISHED_CARD } from '../testing/cards.js';
import { MyReportCardsScreen } from './MyReportCardsScreen.js';

const inLocale = (locale: AnyLocale, element: ReactElement) => (
  <I18nProvider translator={testTranslator(locale)}>{element}</I18nProvider>
);

describe('the report cards in other languages', () => {
  it('a family’s card has no text that no catalog gave', async () => {
    mockApi({
      'GET users/profile': profile('Parent'),
      'GET report-cards': MY_CARDS,
      'GET report-cards/pupils/11/terms/5': PUBLISHED_CARD,
    });
    const { container, user } = renderScreen(inLocale('en-XA', <MyReportCardsScreen />));
    await user.click(await screen.findByRole('button', { name: /Ada Mensah/ }));
    await screen.findByText('A fine term.');
    expect(
      untranslatedTexts(container, [
        'Ada Mensah',
        'Autumn 2026',
        '2026–2027',
        'KG',
        'English',
        'Mathematics',
        'Reads well.',
        'A fine term.',
        '72',
        '55',
        '127',
        '63.5%',
        '—',
      ]),
    ).toEqual([]);
  });

  it('speaks French and Arabic', async () => {
    mockApi({
      'GET users/profile': profile('Parent'),
      'GET report-cards': MY_CARDS,
      'GET report-cards/pupils/11/terms/5': PUBLISHED_CARD,
    });
    const { user, unmount } = renderScreen(inLocale('fr', <MyReportCardsScreen />));
    await user.click(await screen.findByRole('button', { name: /Voir le bulletin de Ada Mensah/ }));
    expect(await screen.findByText('Mention')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();
    unmount();
    renderScreen(inLocale('ar', <MyReportCardsScreen />));
    expect(await screen.findByRole('button', { name: 'تنزيل PDF' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { ADA, BEN, CARA, CARE, CLASSES, register, TODAY } from '../testing/today.js';
import { TodayScreen } from './TodayScreen.js';

function renderIn(locale: 'en-XA' | 'fr' | 'ar') {
  mockApi({
    'GET teacher/assign_class': CLASSES,
    'GET users/profile': profile('Teacher'),
    [`GET classes/2/register?date=${TODAY}`]: register([ADA, BEN, CARA]),
    'GET pupils/12/care': CARE,
    [`GET pupils/12/conversation/day-notes?date=${TODAY}`]: { date: TODAY, data: [] },
  });
  return renderScreen(
    <I18nProvider translator={testTranslator(locale)}>
      <TodayScreen />
    </I18nProvider>,
    { path: '/today', pattern: '/today' },
  );
}

/** The register's user data: the class, children, people and the allergy the family wrote. */
const DATA = [
  'KG',
  'Ada Mensah',
  'Ben Osei',
  'Cara Diallo',
  'Ama Rahman',
  'peanuts',
  'Efua Osei',
  'Kofi Osei',
  'Uncle',
];

describe('Today in another language', () => {
  it('the register and the check-out dialog: every text from the catalog', async () => {
    const { container, user } = renderIn('en-XA');
    await screen.findByRole('article', { name: 'Ben Osei' });
    // The day at the top is formatted (the pseudo-locale formats as English).
    const day = container.querySelector('.register-day')?.textContent ?? '';
    expect(untranslatedTexts(container, [...DATA, day])).toEqual([]);
    await user.click(
      within(screen.getByRole('article', { name: 'Ben Osei' })).getByRole('button', {
        name: testTranslator('en-XA').t('register.card.checkOut'),
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText('Efua Osei');
    expect(untranslatedTexts(dialog, DATA)).toEqual([]);
  });

  it('in French', async () => {
    renderIn('fr');
    expect(await screen.findByRole('heading', { name: 'Registre du jour' })).toBeInTheDocument();
    const ben = await screen.findByRole('article', { name: 'Ben Osei' });
    expect(within(ben).getByRole('button', { name: 'Pointer le départ' })).toBeInTheDocument();
  });
});

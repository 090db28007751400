import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchoolYear } from '../../../../shared/api/school-years.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { SchoolYearsScreen } from './SchoolYearsScreen.js';

/**
 * The school years screen for the one account type that has it, the principal
 * (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): axe-clean at a phone's and a
 * desktop's width with a form showing the server's refusal, and every text from the catalogs.
 */

const YEAR: SchoolYear = {
  id: 1,
  name: '2026–2027',
  firstDay: '2026-09-01',
  lastDay: '2027-07-09',
  current: true,
  terms: [{ id: 11, yearId: 1, name: 'Autumn 2026', firstDay: '2026-09-01', lastDay: '2026-12-18' }],
};
const OLD: SchoolYear = {
  ...YEAR,
  id: 2,
  name: '2025–2026',
  firstDay: '2025-09-01',
  lastDay: '2026-07-10',
  current: false,
  terms: [],
};
const OVERLAP = 'These dates overlap the term “Autumn 2026”.';

function renderYears(ui = <SchoolYearsScreen />) {
  mockApi({
    'GET users/profile': profile('Principle'),
    'GET admin/school-years': { data: [YEAR, OLD] },
    'POST admin/school-years/1/terms': apiError(409, 'DATES_OVERLAP', OVERLAP),
  });
  return renderScreen(ui, { path: '/school-years', pattern: '/school-years' });
}

const initialWidth = window.innerWidth;
function atWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
afterEach(() => atWidth(initialWidth));

describe('school years: accessibility and languages', () => {
  it.each([375, 1280])(
    'at %i px: no serious or critical violation, with a refused term’s form open',
    async (width) => {
      atWidth(width);
      const { container, user } = renderYears();
      const year = await screen.findByRole('article', { name: /2026–2027/ });
      expect(await blocking(container)).toEqual([]);
      await user.click(within(year).getByRole('button', { name: 'Add a term to 2026–2027' }));
      const form = within(year).getByRole('form', { name: 'Add a term to 2026–2027' });
      await user.type(within(form).getByLabelText('Name of the term'), 'Winter');
      await user.type(within(form).getByLabelText('First day'), '2026-11-01');
      await user.type(within(form).getByLabelText('Last day'), '2026-12-20');
      await user.click(within(form).getByRole('button', { name: 'Add the term' }));
      await within(form).findByText(OVERLAP);
      expect(await blocking(container)).toEqual([]);
    },
  );

  it('every text from the catalog', async () => {
    const t = testTranslator('en-XA').t;
    const { container, user } = renderYears(
      <I18nProvider translator={testTranslator('en-XA')}>
        <SchoolYearsScreen />
      </I18nProvider>,
    );
    const year = await screen.findByRole('article', { name: /2026–2027/ });
    await user.click(
      within(year).getByRole('button', { name: t('school-years.term.addTo', { name: '2026–2027' }) }),
    );
    expect(
      untranslatedTexts(container, [
        'Autumn 2026',
        // The pseudo-locale formats days as English.
        '1 September 2026',
        '18 December 2026',
        '9 July 2027',
        '1 September 2025',
        '10 July 2026',
      ]),
    ).toEqual([]);
  });

  it('in French and Arabic', async () => {
    const { unmount } = renderYears(
      <I18nProvider translator={testTranslator('fr')}>
        <SchoolYearsScreen />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Ajouter une année scolaire' })).toBeInTheDocument();
    expect(await screen.findByText('1 septembre 2026 – 18 décembre 2026')).toBeInTheDocument();
    unmount();
    renderYears(
      <I18nProvider translator={testTranslator('ar')}>
        <SchoolYearsScreen />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'إضافة سنة دراسية' })).toBeInTheDocument();
    expect(await screen.findByText('الحالية')).toBeInTheDocument();
  });
});

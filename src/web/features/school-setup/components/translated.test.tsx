import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { SchoolSetupScreen } from './SchoolSetupScreen.js';

const API = {
  'GET admin/admissions/classes': {
    data: {
      year: { id: 7, name: '2027–2028', firstDay: '2027-09-01', lastDay: '2028-07-31' },
      admissionsYearId: 7,
      years: [
        { id: 7, name: '2027–2028' },
        { id: 6, name: '2026–2027' },
      ],
      classes: [
        {
          classId: 3,
          className: 'Class 1',
          takesAdmissions: true,
          capacity: 12,
          enrolled: 9,
          acceptedOffers: 1,
          free: 2,
        },
      ],
    },
  },
  'GET classes': { result: [{ id: 3, classes: 'Class 1' }] },
  'GET subject': { data: [{ id: 5, sub_name: 'Science' }] },
  'GET time': { data: [{ id: 2, time: '09:00 - 09:45' }] },
  'GET admin/pupils?status=active': {
    data: [
      {
        id: 11,
        name: 'Ada Lovelace',
        email: 'ada@demo.school',
        status: 'active',
        classId: 3,
        className: 'Class 1',
      },
    ],
  },
};

const inLocale = (locale: 'en-XA' | 'fr' | 'ar', ui: ReactNode) => (
  <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider>
);

describe('School set-up in another language', () => {
  it('every text from the catalog', async () => {
    mockApi(API);
    const { container } = renderScreen(inLocale('en-XA', <SchoolSetupScreen />));
    await screen.findAllByText('Science');
    expect(untranslatedTexts(container, ['Class 1', 'Science', 'Ada Lovelace'])).toEqual([]);
  });

  it('in French', async () => {
    mockApi(API);
    renderScreen(inLocale('fr', <SchoolSetupScreen />));
    expect(await screen.findByRole('button', { name: 'Ajouter la matière' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Renommer Science' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { columnsOf, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { StudentExamScreen, TeacherExamsScreen } from './ExamScreens.js';

const inLocale = (locale: AnyLocale, element: ReactElement) => (
  <I18nProvider translator={testTranslator(locale)}>{element}</I18nProvider>
);

const EXAMS = { data: [{ ClassName: 'KG', SubjectName: 'English', ExamTime: '2025-03-03 09:00' }] };

describe('the exam screens in other languages', () => {
  it('a pupil’s exams have no text that no catalog gave', async () => {
    mockApi({ 'GET student/exam': EXAMS });
    const { container } = renderScreen(inLocale('en-XA', <StudentExamScreen />));
    await screen.findByRole('table');
    // The pseudo-locale's dates are English's own.
    expect(untranslatedTexts(container, ['KG', 'English', 'Monday, 3 March 2025'])).toEqual([]);
  });

  it('the principal’s exams speak French, their day in French words', async () => {
    mockApi({ 'GET users/profile': profile(USER_TYPE.principal), 'GET student/exam': EXAMS });
    const { container } = renderScreen(inLocale('fr', <TeacherExamsScreen />));
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Tous les examens' })).toBeInTheDocument();
    expect(columnsOf(table)).toEqual(['Classe', 'Matière', 'Horaire']);
    expect(within(table).getByText('lundi 3 mars 2025, 09:00')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/Monday|March|Class\b/);
  });
});

import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { isolated } from '../../../../shared/i18n/translator.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { TEST_TERMS } from '../../../test/school.js';
import { columnsOf, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { MarkHistoryScreen } from './MarkHistoryScreen.js';
import { MarksEntryScreen } from './MarksEntryScreen.js';
import { FinalResultsScreen, ResultsScreen, StudentResultsScreen } from './ResultScreens.js';
import { ResultSummaryScreen } from './ResultSummaryScreen.js';

const pseudo = testTranslator('en-XA');
const inLocale = (locale: AnyLocale, element: ReactElement) => (
  <I18nProvider translator={testTranslator(locale)}>{element}</I18nProvider>
);

const USER_DATA = [
  'Ada Mensah',
  'Amara Okafor',
  'KG',
  'Class 1',
  'English',
  'Science',
  'Mathematics',
  // A term's name is the school's, and the pseudo-locale's dates are English's own.
  'Autumn 2026',
  // The term picker's terms (TEST_TERMS).
  'Spring 2027',
  'Autumn 2025',
  'Tue, 10 Nov 2026',
  'Tue, 17 Nov 2026',
];

const SHEET = {
  data: {
    studentName: 'Ada Mensah',
    rows: [
      { subjectName: 'English', marks: 78, results: 'PASS', changedAfterRelease: false },
      { subjectName: 'Science', marks: 21, results: 'FAIL', changedAfterRelease: false },
    ],
    total: 99,
    percentage: 49.5,
    division: 'Fail',
  },
};

const EXAM = {
  id: 22,
  classId: 3,
  subjectId: 5,
  examDate: '2026-11-17',
  time: '09:00 - 10:00',
  termId: 2,
  termName: 'Autumn 2026',
  released: false,
  releasedAt: null,
};

describe('the marks screens in other languages', () => {
  it('the marks entry has no text that no catalog gave', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET teacher/assign_class': { data: [{ classId: 3, class_name: 'Class 1' }] },
      'GET marks/subjects?classId=3': { data: [{ id: 5, name: 'Science' }] },
      'GET marks/exams?classId=3&subjectId=5': { data: [EXAM] },
      'GET marks?classId=3&subjectId=5&examId=22': {
        data: [{ studentId: 11, studentName: 'Ada Mensah', marks: 70, changedAfterRelease: true }],
        exam: EXAM,
      },
    });
    const { container, user } = renderScreen(inLocale('en-XA', <MarksEntryScreen />));
    await screen.findByRole('option', { name: 'Class 1' });
    await user.selectOptions(screen.getByLabelText(pseudo.t('navigation.school.class')), 'Class 1');
    await screen.findByRole('option', { name: 'Science' });
    await user.selectOptions(screen.getByLabelText(pseudo.t('marks.entry.subject')), 'Science');
    await screen.findByRole('option', { name: /Autumn 2026/ });
    await user.selectOptions(screen.getByLabelText(pseudo.t('marks.entry.exam')), '22');
    await screen.findByRole('button', { name: pseudo.t('marks.entry.save') });
    await screen.findByRole('button', { name: pseudo.t('marks.entry.release') });
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
  });

  it('the results, a pupil’s results and the final results have no text that no catalog gave', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET users/profile': profile(USER_TYPE.student, 12, 'Ada Mensah'),
      'GET result': {
        data: [
          {
            classes: 'KG',
            name: 'Ada Mensah',
            subjectName: 'English',
            marks: 78,
            examId: 1,
            examDate: '2026-11-10',
            termId: 2,
            released: true,
            changedAfterRelease: false,
          },
        ],
      },
      'GET student/result/12': {
        data: [
          {
            studentName: 'Ada Mensah',
            subjectName: 'Science',
            marks: 21,
            results: 'FAIL',
            changedAfterRelease: false,
          },
        ],
      },
      'GET teacher/result': {
        data: [
          { className: 'KG', studentName: 'Ada Mensah', result: 'First Division', studentId: 12 },
          { className: 'KG', studentName: 'Amara Okafor', result: 'No marks yet', studentId: 13 },
        ],
      },
    });
    for (const element of [
      <ResultsScreen key="results" />,
      <StudentResultsScreen key="pupil" studentId={12} />,
      <FinalResultsScreen key="final" />,
    ]) {
      const { container, unmount } = renderScreen(inLocale('en-XA', element));
      await screen.findByRole('table');
      await screen.findAllByText(/Ada Mensah/);
      expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
      unmount();
    }
  });

  it('the final results name each division in Arabic', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET teacher/result': {
        data: [
          { className: 'KG', studentName: 'Ada Mensah', result: 'First Division', studentId: 12 },
          { className: 'KG', studentName: 'Amara Okafor', result: 'No marks yet', studentId: 13 },
        ],
      },
    });
    renderScreen(inLocale('ar', <FinalResultsScreen />));
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['الفصل', 'اسم التلميذ', 'النتيجة', 'كشف الدرجات']);
    expect(within(table).getByText('الدرجة الأولى')).toBeInTheDocument();
    expect(within(table).getByText('لا درجات بعد')).toBeInTheDocument();
    expect(
      within(table).getByRole('link', { name: `عرض الدرجات لـ ${isolated('Ada Mensah')}` }),
    ).toBeInTheDocument();
  });

  it('the mark sheet has no text that no catalog gave, and says its division in French', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result-summary/12': SHEET,
      'GET users/profile': profile(USER_TYPE.principal),
    });
    const { container, unmount } = renderScreen(inLocale('en-XA', <ResultSummaryScreen studentId={12} />));
    await screen.findByRole('table');
    await screen.findByRole('link', { name: pseudo.t('marks.sheet.markHistory') });
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
    unmount();
    renderScreen(inLocale('fr', <ResultSummaryScreen studentId={12} />));
    await screen.findByRole('table');
    expect(screen.getByText('Échec')).toBeInTheDocument();
    expect(screen.getByText('RÉUSSI')).toBeInTheDocument();
    expect(screen.getByText('ÉCHOUÉ')).toBeInTheDocument();
    expect(screen.getByText('Pourcentage')).toBeInTheDocument();
  });

  it('the mark history has no text that no catalog gave', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET users/student/12': { results: { id: 12, name: 'Ada Mensah' } },
      'GET marks/history/12': {
        data: [
          {
            id: 3,
            subjectName: 'Mathematics',
            oldMarks: null,
            newMarks: 58,
            examDate: '2026-02-27',
            afterRelease: false,
            changedBy: null,
            changedAt: '2026-03-01T09:00:00.000Z',
          },
        ],
      },
    });
    const { container } = renderScreen(inLocale('en-XA', <MarkHistoryScreen studentId={12} />));
    await screen.findByRole('table');
    await screen.findByRole('heading', { name: /Ada Mensah/ });
    // The pseudo-locale's dates are English's own.
    expect(untranslatedTexts(container, [...USER_DATA, 'Mar'])).toEqual([]);
  });
});

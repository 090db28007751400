import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import { NOT_FOUND_TEXT } from '../../../components/school/QueryState.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator } from '../../../test/i18n.js';
import { TEST_TERMS } from '../../../test/school.js';
import { apiError, columnsOf, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { FinalResultsScreen, RESULTS_TEXTS, ResultsScreen, StudentResultsScreen } from './ResultScreens.js';
import { ResultSummaryScreen } from './ResultSummaryScreen.js';

const english = testTranslator('en');

describe('Results', () => {
  it('shows Class, Student Name, Subject, Marks', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
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
      'GET users/profile': profile(USER_TYPE.teacher),
    });
    renderScreen(<ResultsScreen />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Class', 'Student Name', 'Subject', 'Exam', 'Marks']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['KG', 'Ada Mensah', 'English', 'Tue, 10 Nov 2026', '78']);
  });

  it('leads a pupil to their own mark sheet', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
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
      'GET users/profile': profile(USER_TYPE.student, 12, 'Ada Mensah'),
    });
    renderScreen(<ResultsScreen />);
    expect(await screen.findByRole('link', { name: english.t(RESULTS_TEXTS.ownMarkSheet) })).toHaveAttribute(
      'href',
      '/result-summary/12?term=21',
    );
  });
});

describe('Results on a phone', () => {
  let examId = 0;
  const row = (name: string, classes: string, subjectName: string) => ({
    classes,
    name,
    subjectName,
    marks: 70,
    examId: ++examId,
    examDate: '2026-11-10',
    termId: 2,
    released: true,
    changedAfterRelease: false,
  });
  const onceCells = (table: HTMLElement) =>
    [...table.querySelectorAll('td.school-table__once')].map((cell) => cell.textContent);

  it('names a pupil and class once above the cards, not in each card', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result': { data: [row('Ada Mensah', 'KG', 'English'), row('Ada Mensah', 'KG', 'Maths')] },
      'GET users/profile': profile(USER_TYPE.student, 12, 'Ada Mensah'),
    });
    renderScreen(<ResultsScreen />);
    const table = await screen.findByRole('table');
    expect(screen.getByText('Ada Mensah, KG')).toHaveClass('d-sm-none');
    // The cells that repeat them are left out of the phone's cards (school.css); the table keeps its columns.
    expect(onceCells(table)).toEqual(['KG', 'Ada Mensah', 'KG', 'Ada Mensah']);
    expect(columnsOf(table)).toEqual(['Class', 'Student Name', 'Subject', 'Exam', 'Marks']);
  });

  it('keeps pupil and class in every card when the rows are of several pupils', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result': { data: [row('Ada Mensah', 'KG', 'English'), row('Ben Osei', 'KG', 'English')] },
      'GET users/profile': profile(USER_TYPE.teacher),
    });
    renderScreen(<ResultsScreen />);
    const table = await screen.findByRole('table');
    expect(onceCells(table)).toEqual([]);
    expect(screen.queryByText('Ada Mensah, KG')).not.toBeInTheDocument();
  });
});

describe('Student result (/studentresult/:id)', () => {
  it('shows the pupil’s Student Name, Subject, Marks, Result and links to the mark sheet', async () => {
    const api = mockApi({
      'GET school-years': TEST_TERMS,
      'GET student/result/12': {
        data: [
          {
            studentName: 'Ada Mensah',
            subjectName: 'English',
            marks: 78,
            results: 'PASS',
            changedAfterRelease: false,
          },
          {
            studentName: 'Ada Mensah',
            subjectName: 'Science',
            marks: 21,
            results: 'FAIL',
            changedAfterRelease: false,
          },
        ],
      },
    });
    renderScreen(<StudentResultsScreen studentId={12} />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Student Name', 'Subject', 'Marks', 'Result']);
    expect(within(table).getByRole('row', { name: /Science/ })).toHaveTextContent('Ada MensahScience21FAIL');
    expect(screen.getByRole('heading', { name: 'Results of Ada Mensah' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View mark sheet' })).toHaveAttribute(
      'href',
      '/result-summary/12?term=21',
    );
    expect(api.calls()).toEqual(['GET school-years', 'GET student/result/12?termId=21']);
  });

  it('says "not found" for a pupil one may not see', async () => {
    allowConsoleErrors();
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET student/result/99': apiError(404, 'NOT_FOUND', 'No such pupil'),
    });
    renderScreen(<StudentResultsScreen studentId={99} />);
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('Final-results', () => {
  it('shows Class, Student Name, Result and View Marks to the mark sheet', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET teacher/result': {
        data: [{ className: 'KG', studentName: 'Ada Mensah', result: 'First Division', studentId: 12 }],
      },
    });
    renderScreen(<FinalResultsScreen />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Class', 'Student Name', 'Result', 'Mark sheet']);
    const link = within(table).getByRole('link', { name: 'View Marks of Ada Mensah' });
    expect(link).toHaveAttribute('href', '/result-summary/12?term=21');
    expect(link).toHaveTextContent('View Marks');
    expect(within(table).getByRole('row', { name: /Ada Mensah/ })).toHaveTextContent(
      'KGAda MensahFirst Division',
    );
  });
});

describe('Result-summary (mark sheet)', () => {
  const sheet = (overrides: object = {}) => ({
    data: {
      studentName: 'Ada Mensah',
      rows: [
        { subjectName: 'English', marks: 78, results: 'PASS', changedAfterRelease: false },
        { subjectName: 'Mathematics', marks: 64, results: 'PASS', changedAfterRelease: false },
        { subjectName: 'Science', marks: 55, results: 'PASS', changedAfterRelease: false },
      ],
      total: 197,
      percentage: 65.67,
      division: 'First Division',
      ...overrides,
    },
  });

  it('shows subject, marks and result, then total, percentage and division', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result-summary/12': sheet(),
      'GET users/profile': profile(USER_TYPE.student, 12, 'Ada Mensah'),
    });
    renderScreen(<ResultSummaryScreen studentId={12} />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Subject', 'Marks', 'Result']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Mathematics/ })).toHaveTextContent('Mathematics64PASS');
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Total')).toHaveTextContent('197 / 300');
    expect(term('Percentage')).toHaveTextContent('65.67%');
    expect(term('Division')).toHaveTextContent('First Division');
    expect(screen.getByText('Ada Mensah')).toBeInTheDocument();
  });

  it('shows a Fail division in the failing colour', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result-summary/12': sheet({
        rows: [{ subjectName: 'English', marks: 20, results: 'FAIL', changedAfterRelease: false }],
        total: 20,
        percentage: 20,
        division: 'Fail',
      }),
      'GET users/profile': profile(USER_TYPE.teacher),
    });
    renderScreen(<ResultSummaryScreen studentId={12} />);
    const division = (await screen.findByText('Fail', { selector: 'dd' })).parentElement;
    expect(division).toHaveClass('mark-sheet__division--fail');
    expect(screen.getByText('20%', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('FAIL')).toHaveClass('school-badge--fail');
  });

  it('says "No records yet" for a pupil without marks', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result-summary/12': sheet({ rows: [], total: 0, percentage: 0, division: 'Fail' }),
      'GET users/profile': profile(USER_TYPE.teacher),
    });
    renderScreen(<ResultSummaryScreen studentId={12} />);
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });

  it('offers the principal the mark history, and nobody else', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result-summary/12': sheet(),
      'GET users/profile': profile(USER_TYPE.principal, 1),
    });
    const first = renderScreen(<ResultSummaryScreen studentId={12} />);
    expect(await screen.findByRole('link', { name: 'Mark history' })).toHaveAttribute(
      'href',
      '/mark-history/12',
    );
    first.unmount();

    for (const type of [USER_TYPE.teacher, USER_TYPE.student] as const) {
      vi.restoreAllMocks();
      let profileServed = false;
      mockApi({
        'GET school-years': TEST_TERMS,
        'GET result-summary/12': sheet(),
        'GET users/profile': () => {
          profileServed = true;
          return profile(type, 12);
        },
      });
      const view = renderScreen(<ResultSummaryScreen studentId={12} />);
      expect(await screen.findByText('First Division')).toBeInTheDocument();
      await waitFor(() => expect(profileServed).toBe(true));
      await act(async () => {});
      expect(screen.queryByRole('link', { name: 'Mark history' }), type).not.toBeInTheDocument();
      view.unmount();
    }
  });
});

describe('released and changed marks (docs/decisions/0087-released-marks.md)', () => {
  const mark = (examId: number, marks: number, released: boolean, changedAfterRelease: boolean) => ({
    classes: 'KG',
    name: 'Ada Mensah',
    subjectName: 'English',
    marks,
    examId,
    examDate: `2026-11-1${examId}`,
    termId: 2,
    released,
    changedAfterRelease,
  });

  it('marks a mark changed after release as changed, and one not released yet (staff only) as such', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET result': { data: [mark(0, 78, true, true), mark(1, 60, false, false)] },
      'GET users/profile': profile(USER_TYPE.teacher),
    });
    renderScreen(<ResultsScreen />);
    const table = await screen.findByRole('table');
    const [changed, hidden] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(changed as HTMLElement).getByText('changed')).toBeInTheDocument();
    expect(within(changed as HTMLElement).queryByText('not released')).not.toBeInTheDocument();
    expect(within(hidden as HTMLElement).getByText('not released')).toBeInTheDocument();
    expect(within(hidden as HTMLElement).queryByText('changed')).not.toBeInTheDocument();
  });

  it('a pupil’s results and mark sheet say which subject’s mark changed after release', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET student/result/12': {
        data: [
          {
            studentName: 'Ada Mensah',
            subjectName: 'English',
            marks: 78,
            results: 'PASS',
            changedAfterRelease: true,
          },
          {
            studentName: 'Ada Mensah',
            subjectName: 'Science',
            marks: 21,
            results: 'FAIL',
            changedAfterRelease: false,
          },
        ],
      },
      'GET result-summary/12': {
        data: {
          studentName: 'Ada Mensah',
          rows: [
            { subjectName: 'English', marks: 78, results: 'PASS', changedAfterRelease: true },
            { subjectName: 'Science', marks: 21, results: 'FAIL', changedAfterRelease: false },
          ],
          total: 99,
          percentage: 49.5,
          division: 'Fail',
        },
      },
      'GET users/profile': profile(USER_TYPE.parent, 30, 'Pat Mensah'),
    });
    const first = renderScreen(<StudentResultsScreen studentId={12} />);
    const table = await screen.findByRole('table');
    expect(within(within(table).getByRole('row', { name: /English/ })).getByText('changed')).toHaveAttribute(
      'title',
      english.t('marks.results.changedTitle'),
    );
    expect(within(within(table).getByRole('row', { name: /Science/ })).queryByText('changed')).toBeNull();
    first.unmount();

    renderScreen(<ResultSummaryScreen studentId={12} />);
    const sheet = await screen.findByRole('table');
    expect(
      within(within(sheet).getByRole('row', { name: /English/ })).getByText('changed'),
    ).toBeInTheDocument();
    expect(within(within(sheet).getByRole('row', { name: /Science/ })).queryByText('changed')).toBeNull();
  });
});

describe('the term picker (docs/decisions/0094-last-years-mark-sheets.md)', () => {
  const SHEET_OF = (term: string, marks: number) => ({
    data: {
      studentName: 'Ada Mensah',
      rows: [{ subjectName: term, marks, results: 'PASS', changedAfterRelease: false }],
      total: marks,
      percentage: marks,
      division: 'First Division',
    },
  });

  it('opens on the term shown first, groups the terms by year, and keeps a choice in the URL', async () => {
    const api = mockApi({
      'GET school-years': TEST_TERMS,
      'GET result-summary/12?termId=21': SHEET_OF('English', 78),
      'GET result-summary/12?termId=11': SHEET_OF('Drawing', 64),
      'GET users/profile': profile(USER_TYPE.parent, 3),
    });
    const { user, location } = renderScreen(<ResultSummaryScreen studentId={12} />, {
      path: '/result-summary/12',
      pattern: '/result-summary/:id',
    });
    expect(await screen.findByRole('row', { name: /English/ })).toHaveTextContent('English78');
    const picker = screen.getByRole('combobox', { name: 'Term' });
    expect(picker).toHaveValue('21');
    const groups = [...picker.querySelectorAll('optgroup')].map((group) => [
      group.getAttribute('label'),
      [...group.querySelectorAll('option')].map((option) => option.textContent),
    ]);
    expect(groups).toEqual([
      ['2026–2027', ['Autumn 2026 – 2026–2027', 'Spring 2027 – 2026–2027']],
      ['2025–2026', ['Autumn 2025 – 2025–2026']],
    ]);
    await user.selectOptions(picker, 'Autumn 2025 – 2025–2026');
    expect(await screen.findByRole('row', { name: /Drawing/ })).toHaveTextContent('Drawing64');
    expect(location()).toBe('/result-summary/12?term=11');
    expect(api.calls()).toContain('GET result-summary/12?termId=11');
  });

  it('opens on the term the link names (from Past years), and passes it on to the mark sheet', async () => {
    mockApi({
      'GET school-years': TEST_TERMS,
      'GET student/result/12?termId=11': {
        data: [
          {
            studentName: 'Ada Mensah',
            subjectName: 'Drawing',
            marks: 64,
            results: 'PASS',
            changedAfterRelease: false,
          },
        ],
      },
    });
    renderScreen(<StudentResultsScreen studentId={12} />, {
      path: '/studentresult/12?term=11',
      pattern: '/studentresult/:id',
    });
    expect(await screen.findByRole('row', { name: /Drawing/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Term' })).toHaveValue('11');
    expect(screen.getByRole('link', { name: 'View mark sheet' })).toHaveAttribute(
      'href',
      '/result-summary/12?term=11',
    );
  });

  it('an unknown term in the URL falls back to the term shown first; the final results ask for it', async () => {
    const api = mockApi({
      'GET school-years': TEST_TERMS,
      'GET teacher/result?termId=21': {
        data: [{ className: 'KG', studentName: 'Ada Mensah', result: 'First Division', studentId: 12 }],
      },
    });
    renderScreen(<FinalResultsScreen />, { path: '/final-results?term=999', pattern: '/final-results' });
    expect(await screen.findByRole('row', { name: /Ada Mensah/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Term' })).toHaveValue('21');
    expect(api.calls()).toEqual(['GET school-years', 'GET teacher/result?termId=21']);
  });
});

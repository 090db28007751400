import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_TEXT, NOT_FOUND_TEXT } from '../../../components/school/QueryState.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator } from '../../../test/i18n.js';
import { apiError, columnsOf, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { MARK_HISTORY_TEXTS, MarkHistoryScreen } from './MarkHistoryScreen.js';

const english = testTranslator('en');

const pupil = { results: { id: 12, name: 'Ada Mensah' } };

describe('Mark history', () => {
  it('lists every change, newest first, with the first entry and a removed account spelled out', async () => {
    mockApi({
      'GET users/student/12': pupil,
      'GET marks/history/12': {
        data: [
          {
            id: 7,
            subjectName: 'Mathematics',
            oldMarks: 58,
            newMarks: 64,
            examDate: '2026-02-27',
            afterRelease: true,
            changedBy: 'Amara Okafor',
            changedAt: '2026-03-05T10:15:00.000Z',
          },
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
    renderScreen(<MarkHistoryScreen studentId={12} />);
    expect(await screen.findByRole('heading', { name: 'Mark history: Ada Mensah' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Subject', 'Old mark', 'New mark', 'Changed by', 'When']);
    const [latest, first] = within(table).getAllByRole('row').slice(1);
    // 10:15 UTC on the school's clock (New York); made after the exam's release.
    expect(latest).toHaveTextContent(
      new RegExp(`^Mathematics5864${english.t('marks.history.afterRelease')}Amara Okafor5 Mar 2026, 05:15$`),
    );
    expect(first).toHaveTextContent(
      new RegExp(
        `^Mathematics${english.t(MARK_HISTORY_TEXTS.firstEntry)}58${english.t(MARK_HISTORY_TEXTS.removedAccount)}1 Mar 2026`,
      ),
    );
    expect(within(first as HTMLElement).getByText(/1 Mar 2026/)).toHaveAttribute(
      'datetime',
      '2026-03-01T09:00:00.000Z',
    );
    expect(screen.getByRole('link', { name: english.t(MARK_HISTORY_TEXTS.backToMarkSheet) })).toHaveAttribute(
      'href',
      '/result-summary/12',
    );
  });

  it('says so when no mark was ever entered', async () => {
    mockApi({ 'GET users/student/12': pupil, 'GET marks/history/12': { data: [] } });
    renderScreen(<MarkHistoryScreen studentId={12} />);
    expect(await screen.findByText(english.t(MARK_HISTORY_TEXTS.empty))).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "not found" for an unknown pupil', async () => {
    allowConsoleErrors();
    mockApi({
      'GET users/student/99': apiError(404, 'NOT_FOUND', 'That pupil was not found.'),
      'GET marks/history/99': apiError(404, 'NOT_FOUND', 'That pupil was not found.'),
    });
    renderScreen(<MarkHistoryScreen studentId={99} />);
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: english.t(MARK_HISTORY_TEXTS.title) })).toBeInTheDocument();
  });

  it('shows the server’s refusal to anyone but the principal', async () => {
    allowConsoleErrors();
    mockApi({
      'GET users/student/12': pupil,
      'GET marks/history/12': apiError(403, 'FORBIDDEN', 'Only the principal may do that.'),
    });
    renderScreen(<MarkHistoryScreen studentId={12} />);
    expect(await screen.findByText(FORBIDDEN_TEXT)).toBeInTheDocument();
  });
});

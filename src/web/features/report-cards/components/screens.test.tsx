import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast.js';
import { answer, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import {
  CLASS_CARDS_PATH,
  CLASSES,
  classCards,
  MY_CARDS,
  PUBLISHED_CARD,
  SCHOOL_YEAR,
} from '../testing/cards.js';
import { CommentsScreen } from './CommentsScreen.js';
import { MyReportCardsScreen } from './MyReportCardsScreen.js';
import { ReviewScreen } from './ReviewScreen.js';

describe('report card comments (docs/decisions/0090-report-cards.md)', () => {
  it('writes the teacher’s subject comments and the class teacher’s comment, and saves only what changed at once', async () => {
    const success = vi.spyOn(notify, 'success');
    const api = mockApi({
      'GET users/profile': profile('Teacher'),
      'GET teacher/assign_class': CLASSES,
      'GET school-year': SCHOOL_YEAR,
      [CLASS_CARDS_PATH]: classCards(),
      'PUT report-cards/classes/2/terms/5/comments': { data: { saved: 2 } },
    });
    const { user } = renderScreen(<CommentsScreen />, {
      path: '/report-card-comments',
      pattern: '/report-card-comments',
    });
    await screen.findByRole('option', { name: 'KG' });
    await user.selectOptions(screen.getByLabelText('Class'), '2');
    const ben = await screen.findByRole('group', { name: 'Ben Osei' });
    // Only English is the teacher's: no field for Mathematics.
    expect(within(ben).queryByLabelText(/Mathematics/)).toBeNull();
    const english = within(ben).getByLabelText(/English: comment for Ben Osei/);
    expect(english).toHaveValue('Reads well.');
    await user.clear(english);
    await user.type(english, 'Loves stories.');
    await user.type(within(ben).getByLabelText('Class teacher’s comment for Ben Osei'), 'Kind to all.');
    await user.click(screen.getByRole('button', { name: 'Save comments' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('2 comments saved.'));
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      subjectComments: [{ studentId: 12, subjectId: 1, comment: 'Loves stories.' }],
      classTeacherComments: [{ studentId: 12, comment: 'Kind to all.' }],
    });
  });

  it('a refused batch says why and keeps what was typed', async () => {
    mockApi({
      'GET users/profile': profile('Teacher'),
      'GET teacher/assign_class': CLASSES,
      'GET school-year': SCHOOL_YEAR,
      [CLASS_CARDS_PATH]: classCards(),
      'PUT report-cards/classes/2/terms/5/comments': answer(404, {
        error: { code: 'NOT_FOUND', message: '1 comment could not be saved: nothing was saved.' },
      }),
    });
    const { user } = renderScreen(<CommentsScreen />, {
      path: '/report-card-comments',
      pattern: '/report-card-comments',
    });
    await screen.findByRole('option', { name: 'KG' });
    await user.selectOptions(screen.getByLabelText('Class'), '2');
    const note = await screen.findByLabelText('Class teacher’s comment for Ada Mensah');
    await user.type(note, 'Curious.');
    await user.click(screen.getByRole('button', { name: 'Save comments' }));
    expect(await screen.findByText(/nothing was saved/)).toBeInTheDocument();
    expect(note).toHaveValue('Curious.');
  });
});

describe('reviewing report cards', () => {
  it('shows each card with its state, saves remarks and publishes after a confirmation', async () => {
    const success = vi.spyOn(notify, 'success');
    const api = mockApi({
      'GET users/profile': profile('Principle'),
      'GET teacher/assign_class': CLASSES,
      'GET school-year': SCHOOL_YEAR,
      [CLASS_CARDS_PATH]: classCards({ mayPublish: true, commentableSubjectIds: [1, 2] }),
      'PUT report-cards/classes/2/terms/5/remarks': { data: { saved: 1 } },
      'POST report-cards/classes/2/terms/5/publish': { data: { published: 1, unchanged: 1 } },
    });
    const { user } = renderScreen(<ReviewScreen />, {
      path: '/report-cards-review',
      pattern: '/report-cards-review',
    });
    await screen.findByRole('option', { name: 'KG' });
    await user.selectOptions(screen.getByLabelText('Class'), '2');
    const ada = await screen.findByRole('article', { name: 'Ada Mensah' });
    expect(within(ada).getByText('Not published')).toBeInTheDocument();
    expect(within(ada).getByText('First Division')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Ben Osei' })).getByText('Published, version 1'),
    ).toBeInTheDocument();
    await user.type(within(ada).getByLabelText('Principal’s remark for Ada Mensah'), 'A fine term.');
    await user.click(screen.getByRole('button', { name: 'Save remarks' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('1 remark saved.'));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      remarks: [{ studentId: 11, remark: 'A fine term.' }],
    });

    await user.click(screen.getByRole('button', { name: 'Publish the class’s cards' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Publish the report cards of 2 pupils\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('1 card published, 1 unchanged.'));
    expect(api.calls('POST')).toEqual(['POST report-cards/classes/2/terms/5/publish']);
  });
});

describe('a family’s report cards', () => {
  it('lists the published cards, shows one with its earlier versions', async () => {
    mockApi({
      'GET users/profile': profile('Parent'),
      'GET report-cards': MY_CARDS,
      'GET report-cards/pupils/11/terms/5': PUBLISHED_CARD,
    });
    const { user } = renderScreen(<MyReportCardsScreen />, {
      path: '/report-cards',
      pattern: '/report-cards',
    });
    await screen.findByText('Ada Mensah · Autumn 2026 (2026–2027)');
    expect(screen.getByText('Published, version 2')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'View the report card of Ada Mensah, Autumn 2026 (2026–2027)' }),
    );
    expect(await screen.findByText('A fine term.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Version 1 of 2026-11-20' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('says so when nothing is published, and keeps to one child with ?studentId=', async () => {
    mockApi({ 'GET users/profile': profile('Parent'), 'GET report-cards': MY_CARDS });
    renderScreen(<MyReportCardsScreen />, { path: '/report-cards?studentId=99', pattern: '/report-cards' });
    expect(await screen.findByText('No report cards have been published yet.')).toBeInTheDocument();
  });
});

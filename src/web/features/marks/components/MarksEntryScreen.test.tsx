import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator } from '../../../test/i18n.js';
import { answer, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { MarksEntryScreen, NO_MARKS_TEXT, NO_SUBJECTS_TEXT } from './MarksEntryScreen.js';

const english = testTranslator('en');

const CLASSES = { data: [{ classId: 3, class_name: 'Class 1' }] };
const SUBJECTS = { data: [{ id: 5, name: 'Science' }] };
const exam = (id: number, examDate: string, released: boolean) => ({
  id,
  classId: 3,
  subjectId: 5,
  examDate,
  time: '09:00 - 10:00',
  termId: 2,
  termName: 'Autumn 2026',
  released,
  releasedAt: released ? '2026-11-10T14:00:00.000Z' : null,
});
const TEST = exam(21, '2026-11-10', true);
const QUIZ = exam(22, '2026-11-17', false);
const EXAMS = { data: [TEST, QUIZ] };
const ENTRIES = {
  data: [
    { studentId: 11, studentName: 'Ada Lovelace', marks: 70, changedAfterRelease: false },
    { studentId: 12, studentName: 'Alan Turing', marks: null, changedAfterRelease: false },
    { studentId: 13, studentName: 'Grace Hopper', marks: null, changedAfterRelease: false },
  ],
  exam: QUIZ,
};

const BASE = {
  'GET teacher/assign_class': CLASSES,
  'GET marks/subjects?classId=3': SUBJECTS,
  'GET marks/exams?classId=3&subjectId=5': EXAMS,
  'GET marks?classId=3&subjectId=5&examId=22': ENTRIES,
};

/** The option the exam picker shows for the exam of 17 November, not released. */
const QUIZ_OPTION = 'Tue, 17 Nov 2026 (Autumn 2026)';

async function openGrid(routes: Record<string, object>, option = QUIZ_OPTION) {
  const api = mockApi({ ...BASE, ...routes });
  const view = renderScreen(<MarksEntryScreen />);
  await screen.findByRole('option', { name: 'Class 1' });
  await view.user.selectOptions(screen.getByLabelText('Class'), 'Class 1');
  await screen.findByRole('option', { name: 'Science' });
  await view.user.selectOptions(screen.getByLabelText('Subject'), 'Science');
  await screen.findByRole('option', { name: option });
  await view.user.selectOptions(screen.getByLabelText('Exam'), option);
  await screen.findByRole('button', { name: 'Save Marks' });
  return { api, ...view };
}

describe('Marks entry', () => {
  it('loads the pupils with their saved marks and saves every filled row at once', async () => {
    const success = vi.spyOn(notify, 'success');
    const { api, user } = await openGrid({ 'PUT marks': { data: { saved: 2, changed: 1 } } });
    expect(screen.getByLabelText('Ada Lovelace')).toHaveValue(70);
    expect(screen.getByLabelText('Alan Turing')).toHaveValue(null);
    await user.type(screen.getByLabelText('Alan Turing'), '45');
    await user.click(screen.getByRole('button', { name: 'Save Marks' }));
    // Ada's 70 was sent again unchanged: one mark changed.
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved 1 mark.'));
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(api.calls('PUT')).toEqual(['PUT marks?examId=22']);
    expect(put?.body).toEqual([
      { studentId: 11, subjectId: 5, marks: 70 },
      { studentId: 12, subjectId: 5, marks: 45 },
    ]);
  });

  it('offers only the subjects the caller may mark in the chosen class, after a class is chosen', async () => {
    const api = mockApi({ ...BASE, 'GET marks/subjects?classId=3': { data: [] } });
    const { user } = renderScreen(<MarksEntryScreen />);
    expect(screen.getByLabelText('Subject')).toBeDisabled();
    await user.selectOptions(
      screen.getByLabelText('Class'),
      await screen.findByRole('option', { name: 'Class 1' }),
    );
    expect(await screen.findByText(english.t(NO_SUBJECTS_TEXT))).toBeInTheDocument();
    expect(api.calls('GET')).not.toContain('GET subject');
  });

  it('says so when nothing changed', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user } = await openGrid({ 'PUT marks': { data: { saved: 1, changed: 0 } } });
    await user.click(screen.getByRole('button', { name: 'Save Marks' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('No marks changed.'));
  });

  it('refuses marks outside 0-100 without asking the server', async () => {
    const { api, user } = await openGrid({});
    await user.type(screen.getByLabelText('Grace Hopper'), '101');
    await user.click(screen.getByRole('button', { name: 'Save Marks' }));
    expect(await screen.findByText('Marks must be a whole number from 0 to 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Grace Hopper')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT')).toEqual([]);
  });

  it('asks for at least one mark', async () => {
    const { user } = await openGrid({
      'GET marks?classId=3&subjectId=5&examId=22': { data: [ENTRIES.data[1]], exam: QUIZ },
    });
    await user.click(screen.getByRole('button', { name: 'Save Marks' }));
    expect(await screen.findByText(english.t(NO_MARKS_TEXT))).toBeInTheDocument();
  });

  it('shows the server’s 404 with the rows it names; nothing is saved', async () => {
    allowConsoleErrors();
    const { user } = await openGrid({
      'PUT marks': answer(404, {
        error: {
          code: 'NOT_FOUND',
          message: 'Nothing was saved: one row names a pupil or subject you may not mark.',
          details: [{ field: '0.studentId', message: 'you do not teach subject 5 in the class of pupil 11' }],
        },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Save Marks' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Nothing was saved/)).toBeInTheDocument();
    expect(
      within(alert).getByText('you do not teach subject 5 in the class of pupil 11'),
    ).toBeInTheDocument();
  });

  it('releases an unreleased exam after asking, and says it is released', async () => {
    const success = vi.spyOn(notify, 'success');
    const { api, user } = await openGrid({ 'POST exams/22/release': { data: { ...QUIZ, released: true } } });
    expect(screen.getByText(english.t('marks.entry.notReleased'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release marks' }));
    const dialog = await screen.findByRole('alertdialog', { name: english.t('marks.entry.releaseTitle') });
    expect(api.calls('POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Release marks' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Release marks' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('The marks are released.'));
    expect(api.calls('POST')).toEqual(['POST exams/22/release']);
  });

  it('a released exam has no Release button; a mark changed after release is marked changed', async () => {
    await openGrid(
      {
        'GET marks?classId=3&subjectId=5&examId=21': {
          data: [{ ...ENTRIES.data[0], changedAfterRelease: true }, ENTRIES.data[1]],
          exam: TEST,
        },
      },
      'Tue, 10 Nov 2026 (Autumn 2026), released',
    );
    expect(screen.getByText(english.t('marks.entry.released'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release marks' })).not.toBeInTheDocument();
    const row = screen.getByLabelText('Ada Lovelace').closest('tr') as HTMLElement;
    expect(within(row).getByText('changed')).toBeInTheDocument();
    const other = screen.getByLabelText('Alan Turing').closest('tr') as HTMLElement;
    expect(within(other).queryByText('changed')).not.toBeInTheDocument();
  });

  it('says so when the subject has no exam yet', async () => {
    mockApi({ ...BASE, 'GET marks/exams?classId=3&subjectId=5': { data: [] } });
    const { user } = renderScreen(<MarksEntryScreen />);
    await user.selectOptions(
      screen.getByLabelText('Class'),
      await screen.findByRole('option', { name: 'Class 1' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Subject'),
      await screen.findByRole('option', { name: 'Science' }),
    );
    expect(await screen.findByText(english.t('marks.entry.noExams'))).toBeInTheDocument();
    expect(screen.getByLabelText('Exam')).toBeDisabled();
  });

  it('has no serious or critical axe violation, with a changed mark and the release question open', async () => {
    const { user, container } = await openGrid({
      'GET marks?classId=3&subjectId=5&examId=22': {
        data: [{ ...ENTRIES.data[0], changedAfterRelease: true }, ENTRIES.data[1]],
        exam: QUIZ,
      },
    });
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Release marks' }));
    await screen.findByRole('alertdialog');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});

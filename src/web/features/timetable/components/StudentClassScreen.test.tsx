import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, SCHOOL_DAYS, type SchoolType, USER_TYPE } from '../../../../shared/constants.js';
import { allowConsoleErrors } from '../../../test/console.js';
import {
  answer,
  apiError,
  columnsOf,
  mockApi,
  profile,
  renderScreen,
} from '../../../test/school-test-utils.js';
import { StudentClassScreen } from './StudentClassScreen.js';

const ROW = {
  id: 1,
  Teacher: 'Amara Okafor',
  class_name: 'KG',
  subject_name: 'English',
  time: '08:00 - 08:45',
};
const NEW_ROW = {
  id: 2,
  Teacher: 'Priya Raman',
  class_name: 'Class 1',
  subject_name: 'Science',
  time: '13:30 - 14:15',
};

const OPTIONS = {
  'GET users/teacher': { results: [{ id: 3, name: 'Priya Raman' }] },
  'GET classes': { result: [{ id: 2, classes: 'Class 1' }] },
  'GET subject': { data: [{ id: 5, sub_name: 'Science' }] },
  'GET time': { data: [{ id: 9, time: '13:30 - 14:15' }] },
};

function setup(type: SchoolType, post: unknown = { data: NEW_ROW }) {
  let listed = [ROW];
  const api = mockApi({
    'GET users/profile': profile(type),
    'GET studentclass': () => ({ data: listed }),
    'POST studentclass': () => {
      if (post && typeof post === 'object' && 'data' in post) listed = [ROW, NEW_ROW];
      return post;
    },
    ...OPTIONS,
  });
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  return { ...renderScreen(<StudentClassScreen />), api, alert };
}

async function fillAndSave(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Class Details' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Class Details' });
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Science' })).toBeInTheDocument());
  await user.selectOptions(within(dialog).getByLabelText('Teacher'), 'Priya Raman');
  await user.selectOptions(within(dialog).getByLabelText('Class'), 'Class 1');
  await user.selectOptions(within(dialog).getByLabelText('Subject'), 'Science');
  await user.selectOptions(within(dialog).getByLabelText('Time'), '13:30 - 14:15');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  return dialog;
}

describe('Student-class', () => {
  it('lists the assignments under the contract’s columns', async () => {
    setup(USER_TYPE.teacher);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Sr.No.', 'Teacher Name', 'Class', 'Subject', 'Time']);
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['1', 'Amara Okafor', 'KG', 'English', '08:00 - 08:45']);
  });

  it('shows Add Class Details to a Principle only', async () => {
    setup(USER_TYPE.teacher);
    await screen.findByRole('table');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Add Class Details' })).toBeNull();
  });

  it('hides Add Class Details from a Student', async () => {
    const { api } = setup(USER_TYPE.student);
    await screen.findByRole('table');
    await waitFor(() => expect(api.calls()).toContain('GET users/profile'));
    expect(screen.queryByRole('button', { name: 'Add Class Details' })).toBeNull();
  });

  it('opens the modal with the contract’s placeholders, all six days ticked, and Close', async () => {
    const { user } = setup(USER_TYPE.principal);
    await user.click(await screen.findByRole('button', { name: 'Add Class Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Class Details' });
    for (const [label, placeholder] of [
      ['Teacher', 'Teacher Name'],
      ['Class', 'Class Name'],
      ['Subject', 'Subject Name'],
      ['Time', 'Select Time'],
    ] as const) {
      const select = within(dialog).getByLabelText(label);
      expect(within(select).getAllByRole('option')[0]).toHaveTextContent(placeholder);
    }
    for (const day of SCHOOL_DAYS) expect(within(dialog).getByRole('checkbox', { name: day })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Class Details' })).toHaveFocus();
  });

  it('says what is missing instead of sending an empty form', async () => {
    const { user, api } = setup(USER_TYPE.principal);
    await user.click(await screen.findByRole('button', { name: 'Add Class Details' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose a teacher')).toBeInTheDocument();
    expect(screen.getByText('Choose a time')).toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);
  });

  it('on 200 alerts success, closes the modal and refreshes the table', async () => {
    const { user, api, alert } = setup(USER_TYPE.principal);
    await user.click(await screen.findByRole('button', { name: 'Add Class Details' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await fillAndSave(user);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.classAdded));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      teacherid: 3,
      classesid: 2,
      subjectid: 5,
      timeid: 9,
      days: [...SCHOOL_DAYS],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('cell', { name: 'Priya Raman' })).toBeInTheDocument();
    expect(api.calls('GET').filter((call) => call === 'GET studentclass')).toHaveLength(2);
  });

  it('sends only the ticked days', async () => {
    const { user, api, alert } = setup(USER_TYPE.principal);
    await user.click(await screen.findByRole('button', { name: 'Add Class Details' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Science' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText('Teacher'), 'Priya Raman');
    await user.selectOptions(within(dialog).getByLabelText('Class'), 'Class 1');
    await user.selectOptions(within(dialog).getByLabelText('Subject'), 'Science');
    await user.selectOptions(within(dialog).getByLabelText('Time'), '13:30 - 14:15');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.classAdded));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      days: ['Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    });
  });

  it('on another status alerts the failure and keeps the modal open', async () => {
    allowConsoleErrors();
    const { user, alert } = setup(
      USER_TYPE.principal,
      answer(500, { error: { code: 'INTERNAL', message: 'Boom' } }),
    );
    const dialog = await fillAndSave(user);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.classAddFailed));
    expect(alert).not.toHaveBeenCalledWith(MESSAGES.classAdded);
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).queryByText('Boom')).toBeNull();
  });

  it('on a 409 clash also shows the server’s message in the modal', async () => {
    allowConsoleErrors();
    const message = 'Priya Raman already teaches Class 2 at 13:30 - 14:15 on Monday.';
    const { user, alert } = setup(USER_TYPE.principal, apiError(409, 'SCHEDULE_CLASH', message));
    const dialog = await fillAndSave(user);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.classAddFailed));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
  });

  it('says "No records yet" when nothing is assigned', async () => {
    mockApi({ 'GET users/profile': profile(USER_TYPE.teacher), 'GET studentclass': { data: [] } });
    renderScreen(<StudentClassScreen />);
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });
});

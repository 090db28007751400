import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { answer, apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { SchoolSetupScreen } from './SchoolSetupScreen.js';

const BASE = {
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
        classId: null,
        className: null,
      },
    ],
  },
};

function open(routes: Record<string, object> = {}) {
  const api = mockApi({ ...BASE, ...routes });
  return { api, ...renderScreen(<SchoolSetupScreen />) };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('School set-up', () => {
  it('adds a class', async () => {
    const success = vi.spyOn(notify, 'success');
    const { api, user } = open({ 'POST admin/classes': answer(201, { data: { id: 4, name: 'Class 2' } }) });
    await screen.findByRole('button', { name: 'Delete Class 1' });
    await user.type(screen.getByLabelText('New class'), 'Class 2');
    await user.click(screen.getByRole('button', { name: 'Add class' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Added Class 2.'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Class 2' });
  });

  it('shows a 409 when the name is taken', async () => {
    allowConsoleErrors();
    const { user } = open({
      'POST admin/subjects': apiError(409, 'NAME_TAKEN', 'A subject named Science already exists'),
    });
    await screen.findByRole('button', { name: 'Delete Science' });
    await user.type(screen.getByLabelText('New subject'), 'science');
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    expect(await within(section('Subjects')).findByRole('alert')).toHaveTextContent(
      'A subject named Science already exists',
    );
  });

  it('renames a time slot', async () => {
    const { api, user } = open({
      'PATCH admin/time-slots/2': { data: { id: 2, label: '09:00 - 10:00', position: 1 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename 09:00 - 09:45' }));
    const input = screen.getByLabelText('New name of 09:00 - 09:45');
    await user.clear(input);
    await user.type(input, '09:00 - 10:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ label: '09:00 - 10:00' }),
    );
  });

  it('deletes only after confirming, and shows a 409 while the class is in use', async () => {
    allowConsoleErrors();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { api, user } = open({
      'DELETE admin/classes/3': apiError(409, 'IN_USE', 'Class 1 still has pupils'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Class 1' }));
    expect(api.calls('DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Class 1' }));
    expect(await within(section('Classes')).findByRole('alert')).toHaveTextContent(
      'Class 1 still has pupils',
    );
    expect(confirm).toHaveBeenCalledWith('Delete Class 1?');
    expect(api.calls('DELETE')).toEqual(['DELETE admin/classes/3']);
  });

  it('enrols an active pupil in a class', async () => {
    const { api, user } = open({
      'POST enrolments': answer(201, { data: { studentId: 11, classId: 3, startedOn: '2025-01-01' } }),
    });
    const form = await screen.findByRole('form', { name: 'Enrol a pupil' });
    await within(form).findByRole('option', { name: 'Ada Lovelace' });
    await user.selectOptions(within(form).getByLabelText('Pupil'), 'Ada Lovelace');
    await user.selectOptions(within(form).getByLabelText('Class'), 'Class 1');
    await user.click(within(form).getByRole('button', { name: 'Enrol' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === 'enrolments')?.body).toEqual({ studentId: 11, classId: 3 }),
    );
  });

  it('adds an exam', async () => {
    const { api, user } = open({
      'POST exams': answer(201, {
        data: { id: 1, classId: 3, subjectId: 5, date: '2099-03-03', time: '09:00', termId: 4 },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Add an exam' });
    await within(form).findByRole('option', { name: 'Science' });
    await user.click(within(form).getByRole('button', { name: 'Add exam' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a class');
    await user.selectOptions(within(form).getByLabelText('Exam class'), 'Class 1');
    await user.selectOptions(within(form).getByLabelText('Exam subject'), 'Science');
    await user.type(within(form).getByLabelText('Date'), '2099-03-03');
    await user.type(within(form).getByLabelText('Time'), '09:00 - 11:00');
    await user.click(within(form).getByRole('button', { name: 'Add exam' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === 'exams')?.body).toEqual({
        classId: 3,
        subjectId: 5,
        date: '2099-03-03',
        time: '09:00 - 11:00',
      }),
    );
  });

  it('saves a class’s seats for the admissions year and whether it takes admissions', async () => {
    const success = vi.spyOn(notify, 'success');
    const { api, user } = open({
      'PUT admin/admissions/classes': answer(200, {
        data: {
          year: { id: 7, name: '2027–2028', firstDay: '2027-09-01', lastDay: '2028-07-31' },
          admissionsYearId: 7,
          years: [{ id: 7, name: '2027–2028' }],
          classes: [],
        },
      }),
    });
    const seats = await screen.findByLabelText('Seats of Class 1');
    expect(seats).toHaveValue(12);
    expect(screen.getByLabelText('School year')).toHaveDisplayValue('2027–2028 (admissions)');
    expect(screen.getByText('9 pupils, 1 accepted offer')).toBeInTheDocument();
    await user.clear(seats);
    await user.type(seats, '15');
    await user.click(screen.getByLabelText('Class 1 takes admissions'));
    await user.click(screen.getByRole('button', { name: 'Save seats' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Seats saved.'));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      yearId: 7,
      classes: [{ classId: 3, takesAdmissions: false, seats: 15 }],
    });
  });

  it('refuses seats that are not a whole number before sending them', async () => {
    const { api, user } = open();
    const seats = await screen.findByLabelText('Seats of Class 1');
    await user.clear(seats);
    await user.type(seats, '-3');
    await user.click(screen.getByRole('button', { name: 'Save seats' }));
    expect(
      await screen.findByText('Enter a number of seats from 0 to 10000, or leave it empty'),
    ).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});

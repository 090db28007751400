import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnsOf, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { TeacherClassScreen } from './TeacherClassScreen.js';

const setup = () => {
  const api = mockApi({
    'GET teacher/assign_class': {
      data: [
        { classId: 2, class_name: 'KG' },
        { classId: 3, class_name: 'Class 1' },
      ],
    },
    'GET teacher/assign_class/3': {
      data: [
        { StudentId: 31, StudentName: 'Kofi Boateng', subject_name: 'English', time: '08:00 - 08:45' },
        { StudentId: 32, StudentName: 'Lina Haddad', subject_name: 'English', time: '08:00 - 08:45' },
      ],
    },
  });
  return {
    ...renderScreen(<TeacherClassScreen />, { path: '/teacher-class', pattern: '/teacher-class' }),
    api,
  };
};

describe('Teacher-class', () => {
  it('lists the teacher’s classes, each with View', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Your classes' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'KG' });
    expect(screen.getAllByRole('button', { name: /^View/ })).toHaveLength(2);
  });

  it('View shows the class’s pupils with Subject, Time, Profile and Result; Back returns', async () => {
    const { user, location } = setup();
    await user.click(await screen.findByRole('button', { name: 'View Class 1' }));
    expect(await screen.findByRole('heading', { name: 'Pupils of Class 1' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Student Name', 'Subject', 'Time', 'Profile and result']);
    const row = within(table).getByRole('row', { name: /Kofi Boateng/ });
    expect(within(row).getByRole('cell', { name: 'English' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '08:00 - 08:45' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Profile of Kofi Boateng' })).toHaveAttribute(
      'href',
      '/student-profile/31',
    );
    expect(within(row).getByRole('link', { name: 'Result of Kofi Boateng' })).toHaveAttribute(
      'href',
      '/studentresult/31',
    );
    expect(location()).toBe('/teacher-class?class=3');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Your classes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View KG' })).toBeInTheDocument();
    expect(location()).toBe('/teacher-class');
  });

  it('Profile opens the pupil’s profile', async () => {
    const { user, location } = setup();
    await user.click(await screen.findByRole('button', { name: 'View Class 1' }));
    await user.click(await screen.findByRole('link', { name: 'Profile of Lina Haddad' }));
    expect(location()).toBe('/student-profile/32');
  });
});

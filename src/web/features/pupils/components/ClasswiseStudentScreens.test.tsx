import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnsOf, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { ClasswiseStudentScreen, StudentListScreen } from './ClasswiseStudentScreens.js';

const CLASSES = { data: [{ classId: 2, class_name: 'KG' }] };

describe('Classwise-student', () => {
  it('lists the classes with View Student List', async () => {
    mockApi({ 'GET teacher/assign_class': CLASSES });
    renderScreen(<ClasswiseStudentScreen />);
    const link = await screen.findByRole('link', { name: 'View Student List of KG' });
    expect(link).toHaveAttribute('href', '/student-list/2');
    expect(columnsOf(screen.getByRole('table'))).toEqual(['Sr.No.', 'Class', 'Pupils']);
  });
});

describe('Student-list', () => {
  const setup = () => {
    mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET student_class/2': {
        data: [
          { studentId: 11, studentName: 'Ada Mensah' },
          { studentId: 12, studentName: 'Ben Osei' },
        ],
      },
    });
    return renderScreen(<StudentListScreen classId={2} />, {
      path: '/student-list/2',
      pattern: '/student-list/:id',
    });
  };

  it('lists the pupils with Attendance details and Details view', async () => {
    setup();
    const table = await screen.findByRole('table');
    expect(await screen.findByRole('heading', { name: 'Pupils of KG' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Ben Osei/ });
    expect(within(row).getByRole('button', { name: 'Attendance details of Ben Osei' })).toHaveTextContent(
      'Attendance details',
    );
    expect(within(row).getByRole('link', { name: 'Details view of Ben Osei' })).toHaveAttribute(
      'href',
      '/student-profile/12',
    );
  });

  it('Attendance details opens the pupil’s attendance history', async () => {
    const { user, location } = setup();
    await user.click(await screen.findByRole('button', { name: 'Attendance details of Ada Mensah' }));
    expect(location()).toBe('/student-attendence/11');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import { columnsOf, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { OwnAttendanceScreen, StudentAttendanceHistoryScreen } from './AttendanceHistoryScreen.js';

const HISTORY = {
  data: [
    { date: '2025-01-06', status: 1, description: '', closed: false, term: null },
    { date: '2025-01-08', status: 2, description: 'Fever', closed: false, term: null },
    { date: '2025-01-07', status: 3, description: 'Dentist', closed: true, term: null },
  ],
  // The closed day (7 January) counts in no total.
  summary: { present: 1, absent: 1, leave: 0, percentPresent: 50 },
};

describe('Attendance history (/student-attendence/:id)', () => {
  it('shows date, status and description, newest first, with totals and % present', async () => {
    const api = mockApi({
      'GET attendance/student/11': HISTORY,
      'GET users/student/11': { results: { id: 11, name: 'Ada Mensah' } },
    });
    renderScreen(<StudentAttendanceHistoryScreen studentId={11} />);
    expect(await screen.findByRole('heading', { name: 'Attendance of Ada Mensah' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Date', 'Status', 'Description']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Wed, 8 Jan 2025AbsentFever',
      'Tue, 7 Jan 2025On LeaveClosedDentist',
      'Mon, 6 Jan 2025Present',
    ]);
    const total = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(total('Present')).toHaveTextContent('1');
    expect(total('Absent')).toHaveTextContent('1');
    expect(total('On Leave')).toHaveTextContent('0');
    expect(total('Present %')).toHaveTextContent('50%');
    expect(api.calls().sort()).toEqual(['GET attendance/student/11', 'GET users/student/11']);
  });

  it('says "No records yet" before any day was saved', async () => {
    mockApi({
      'GET attendance/student/11': {
        data: [],
        summary: { present: 0, absent: 0, leave: 0, percentPresent: 0 },
      },
      'GET users/student/11': { results: { id: 11, name: 'Ada Mensah' } },
    });
    renderScreen(<StudentAttendanceHistoryScreen studentId={11} />);
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });
});

describe('Attendance-report (own)', () => {
  it('shows the logged-in pupil’s own history', async () => {
    const api = mockApi({
      'GET users/profile': profile(USER_TYPE.student, 40, 'Ada Mensah'),
      'GET attendance/student/40': HISTORY,
    });
    renderScreen(<OwnAttendanceScreen />);
    expect(await screen.findByText('Fever')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My attendance' })).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET users/profile', 'GET attendance/student/40']);
  });
});

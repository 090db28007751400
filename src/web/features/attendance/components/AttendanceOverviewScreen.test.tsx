import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayInZone } from '../../../lib/school-time.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { columnsOf, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { AttendanceOverviewScreen } from './AttendanceOverviewScreen.js';

/** The school's today (its zone), the day the screen opens on. */
const todayIso = () => todayInZone(TEST_SCHOOL.timeZone);

const overview = (date: string) => ({
  date,
  data: [
    { classId: 2, className: 'KG', pupils: 10, present: 7, absent: 1, leave: 1, unmarked: 1 },
    { classId: 3, className: 'Class 1', pupils: 12, present: 12, absent: 0, leave: 0, unmarked: 0 },
  ],
});

describe('Attendence (principal)', () => {
  it('shows each class on today with Pupils, Present, Absent, On Leave, Not marked and a link', async () => {
    const api = mockApi({ [`GET attendance/overview?date=${todayIso()}`]: overview(todayIso()) });
    renderScreen(<AttendanceOverviewScreen />, { path: '/attendence', pattern: '/attendence' });
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual([
      'Class',
      'Pupils',
      'Present',
      'Absent',
      'On Leave',
      'Not marked',
      'Class attendance',
    ]);
    expect(within(table).getByRole('row', { name: /^KG/ })).toHaveTextContent('KG107111');
    expect(within(table).getByRole('row', { name: /^All classes/ })).toHaveTextContent('All classes2219111');
    expect(within(table).getByRole('link', { name: 'Open attendance of KG' })).toHaveAttribute(
      'href',
      `/student-attendence?classId=2&date=${todayIso()}`,
    );
    expect(api.calls()).toEqual([`GET attendance/overview?date=${todayIso()}`]);
  });

  it('loads the chosen day', async () => {
    const api = mockApi({ 'GET attendance/overview': ({ path }) => overview(path.slice(-10)) });
    const { location } = renderScreen(<AttendanceOverviewScreen />, {
      path: '/attendence',
      pattern: '/attendence',
    });
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2025-01-06' } });
    expect(await screen.findByRole('link', { name: 'Open attendance of KG' })).toHaveAttribute(
      'href',
      '/student-attendence?classId=2&date=2025-01-06',
    );
    expect(api.calls()).toContain('GET attendance/overview?date=2025-01-06');
    expect(location()).toBe('/attendence?date=2025-01-06');
  });
});

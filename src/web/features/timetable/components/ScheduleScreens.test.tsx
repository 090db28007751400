import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCHOOL_DAYS } from '../../../../shared/constants.js';
import { testTranslator } from '../../../test/i18n.js';
import { columnsOf, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import {
  buildScheduleGrid,
  ScheduleScreen,
  ScheduleSummaryScreen,
  WEEKLY_SCHEDULE_TITLE,
} from './ScheduleScreens.js';

const english = testTranslator('en');

const CLASSES = {
  data: [
    { id: 2, classes: 'KG' },
    { id: 3, classes: 'Class 1' },
  ],
};
const SLOTS = {
  data: [
    { id: 1, time: '08:00 - 08:45' },
    { id: 2, time: '08:50 - 09:35' },
  ],
};
const LESSONS = {
  data: [
    { day: 'Monday', time: '08:00 - 08:45', subject_name: 'English', Teacher: 'Amara Okafor' },
    { day: 'Tuesday', time: '08:50 - 09:35', subject_name: 'Mathematics', Teacher: 'Priya Raman' },
    { day: 'Saturday', time: '08:00 - 08:45', subject_name: 'Art & Craft', Teacher: 'Hannah Lindqvist' },
  ],
};

describe('Schedule', () => {
  it('lists the classes with View Schedule Details to the class’s week', async () => {
    mockApi({ 'GET schedule': CLASSES });
    renderScreen(<ScheduleScreen />);
    const link = await screen.findByRole('link', { name: 'View Schedule Details of Class 1' });
    expect(link).toHaveAttribute('href', '/schedule-summary?classId=3');
    expect(link).toHaveTextContent('View Schedule Details');
  });
});

describe('Schedule-summary', () => {
  it('shows the Weekly Class Schedule with Time and Monday to Saturday', async () => {
    mockApi({ 'GET schedule': CLASSES, 'GET time': SLOTS, 'GET schedule/2': LESSONS });
    renderScreen(<ScheduleSummaryScreen classId={2} />);
    expect(screen.getByRole('heading', { name: english.t(WEEKLY_SCHEDULE_TITLE) })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Time', ...SCHOOL_DAYS]);
    expect(await screen.findByText('Class: KG')).toBeInTheDocument();
  });

  it('places each lesson in its day’s column and its time’s row', async () => {
    mockApi({ 'GET schedule': CLASSES, 'GET time': SLOTS, 'GET schedule/2': LESSONS });
    renderScreen(<ScheduleSummaryScreen classId={2} />);
    const table = await screen.findByRole('table');
    const cellAt = (time: string, day: string) => {
      const row = within(table).getByRole('row', { name: new RegExp(`^${time}`) });
      const cells = within(row).getAllByRole('cell');
      return cells[SCHOOL_DAYS.indexOf(day as (typeof SCHOOL_DAYS)[number])];
    };
    expect(cellAt('08:00 - 08:45', 'Monday')).toHaveTextContent('EnglishAmara Okafor');
    expect(cellAt('08:00 - 08:45', 'Saturday')).toHaveTextContent('Art & CraftHannah Lindqvist');
    expect(cellAt('08:50 - 09:35', 'Tuesday')).toHaveTextContent('MathematicsPriya Raman');
    expect(cellAt('08:00 - 08:45', 'Tuesday')).toHaveTextContent('Free');
    expect(cellAt('08:50 - 09:35', 'Monday')).toHaveTextContent('Free');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('without a class asks which one', async () => {
    const api = mockApi({ 'GET schedule': CLASSES });
    renderScreen(<ScheduleSummaryScreen classId={undefined} />);
    expect(await screen.findByRole('link', { name: 'View Schedule Details of KG' })).toHaveAttribute(
      'href',
      '/schedule-summary?classId=2',
    );
    expect(api.calls()).toEqual(['GET schedule']);
  });

  it('switches class from the select', async () => {
    mockApi({ 'GET schedule': CLASSES, 'GET time': SLOTS, 'GET schedule/2': LESSONS });
    const { user, location } = renderScreen(<ScheduleSummaryScreen classId={2} />, {
      path: '/schedule-summary?classId=2',
      pattern: '/schedule-summary',
    });
    await user.selectOptions(await screen.findByLabelText('Class'), 'Class 1');
    expect(location()).toBe('/schedule-summary?classId=3');
  });
});

describe('buildScheduleGrid', () => {
  it('keeps the slots’ order and adds lesson times that are not a slot', () => {
    const grid = buildScheduleGrid(
      [{ id: 1, label: '08:00' }],
      [{ day: 'Friday', time: '15:00', subjectName: 'Music', teacherName: 'T' }],
    );
    expect(grid.times).toEqual(['08:00', '15:00']);
    expect(grid.cell('15:00', 'Friday')).toHaveLength(1);
    expect(grid.cell('08:00', 'Friday')).toEqual([]);
  });
});

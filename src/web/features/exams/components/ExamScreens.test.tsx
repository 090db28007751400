import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import { addDaysIso, todayInZone } from '../../../../shared/school-time.js';
import { FORBIDDEN_TEXT } from '../../../components/school/QueryState.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { apiError, columnsOf, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { StudentExamScreen, TeacherExamsScreen } from './ExamScreens.js';

const STUDENT_EXAMS = { data: [{ ClassName: 'KG', SubjectName: 'English', ExamTime: '2025-03-03 09:00' }] };
const TEACHER_EXAMS = { data: [{ classes: 'Class 1', subjectname: 'Science', time: '2025-03-04 10:00' }] };

describe('Exam (student)', () => {
  it('shows Class, Subject, Time from student/exam', async () => {
    mockApi({ 'GET student/exam': STUDENT_EXAMS });
    renderScreen(<StudentExamScreen />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Class', 'Subject', 'Time']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['KG', 'English', 'Monday, 3 March 2025, 09:00']);
  });

  it('splits the year’s exams at the school’s today: coming up (today’s included) first, then those sat, latest first', async () => {
    const today = todayInZone(TEST_SCHOOL.timeZone);
    const exam = (subject: string, days: number) => ({
      ClassName: 'KG',
      SubjectName: subject,
      ExamTime: `${addDaysIso(today, days)} 09:00`,
    });
    mockApi({
      'GET student/exam': {
        data: [exam('Maths', -21), exam('Science', -7), exam('English', 0), exam('Art', 7)],
      },
    });
    renderScreen(<StudentExamScreen />);
    const upcoming = await screen.findByRole('region', { name: 'Coming up' });
    const subjects = (region: HTMLElement) =>
      within(region)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(subjects(upcoming)).toEqual(['English', 'Art']);
    expect(subjects(screen.getByRole('region', { name: 'Already sat' }))).toEqual(['Science', 'Maths']);
  });

  it('tells a teacher kindly that this screen is not theirs', async () => {
    allowConsoleErrors();
    mockApi({ 'GET student/exam': apiError(403, 'FORBIDDEN', 'Not for teachers') });
    renderScreen(<StudentExamScreen />);
    expect(await screen.findByText(FORBIDDEN_TEXT)).toBeInTheDocument();
  });
});

describe('Exams (teacher)', () => {
  it('asks exam/{teacherid} with the logged-in teacher’s real id', async () => {
    const api = mockApi({ 'GET users/profile': profile(USER_TYPE.teacher, 7), 'GET exam/7': TEACHER_EXAMS });
    renderScreen(<TeacherExamsScreen />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Class', 'Subject', 'Time']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Class 1', 'Science', 'Tuesday, 4 March 2025, 10:00']);
    expect(api.calls()).toEqual(['GET users/profile', 'GET exam/7']);
  });

  it('shows a Principle every exam through student/exam', async () => {
    const api = mockApi({
      'GET users/profile': profile(USER_TYPE.principal, 1),
      'GET student/exam': STUDENT_EXAMS,
    });
    renderScreen(<TeacherExamsScreen />);
    expect(await screen.findByRole('cell', { name: 'English' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All exams' })).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET users/profile', 'GET student/exam']);
  });
});

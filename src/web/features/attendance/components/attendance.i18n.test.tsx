import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { isolated } from '../../../../shared/i18n/translator.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { StudentAttendanceHistoryScreen } from './AttendanceHistoryScreen.js';
import { AttendanceOverviewScreen } from './AttendanceOverviewScreen.js';
import { ClassAttendanceScreen } from './ClassAttendanceScreen.js';

const DAY = '2025-01-06';
const inLocale = (locale: AnyLocale, element: ReactElement) => (
  <I18nProvider translator={testTranslator(locale)}>{element}</I18nProvider>
);

const HISTORY = {
  data: [
    { date: '2025-01-08', status: 2, description: 'Fever', closed: false, term: null },
    { date: '2025-01-06', status: 1, description: '', closed: false, term: null },
  ],
  summary: { present: 1, absent: 1, leave: 0, percentPresent: 50 },
};

describe('the attendance screens in other languages', () => {
  it('the class register has no text that no catalog gave', async () => {
    mockApi({
      'GET teacher/assign_class': { data: [{ classId: 2, class_name: 'KG' }] },
      'GET attendance/own-class': { data: { classId: null } },
      'GET studentattendace/2': {
        data: [{ id: 11, name: 'Ada Mensah', att_status: null, discription: '', checkedInAt: null }],
        closed: null,
        term: null,
      },
    });
    const { container } = renderScreen(inLocale('en-XA', <ClassAttendanceScreen />), {
      path: `/student-attendence?date=${DAY}`,
      pattern: '/student-attendence',
    });
    await screen.findByText('Ada Mensah');
    expect(untranslatedTexts(container, ['Ada Mensah', 'KG'])).toEqual([]);
  });

  it('the register speaks French', async () => {
    mockApi({
      'GET teacher/assign_class': { data: [{ classId: 2, class_name: 'KG' }] },
      'GET attendance/own-class': { data: { classId: null } },
      'GET studentattendace/2': {
        data: [{ id: 11, name: 'Ada Mensah', att_status: 3, discription: '', checkedInAt: null }],
        closed: null,
        term: null,
      },
    });
    renderScreen(inLocale('fr', <ClassAttendanceScreen />), {
      path: `/student-attendence?date=${DAY}`,
      pattern: '/student-attendence',
    });
    expect(await screen.findByRole('button', { name: 'Enregistrer l’appel' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Statut de Ada Mensah' })).toBeInTheDocument();
  });

  it('the overview of the day has no text that no catalog gave', async () => {
    mockApi({
      [`GET attendance/overview?date=${DAY}`]: {
        date: DAY,
        data: [
          { classId: 2, className: 'KG', pupils: 10, present: 7, absent: 1, leave: 1, unmarked: 1 },
          { classId: 3, className: 'Lions', pupils: 12, present: 12, absent: 0, leave: 0, unmarked: 0 },
        ],
      },
    });
    const { container } = renderScreen(inLocale('en-XA', <AttendanceOverviewScreen />), {
      path: `/attendence?date=${DAY}`,
      pattern: '/attendence',
    });
    await screen.findByRole('table');
    expect(untranslatedTexts(container, ['KG', 'Lions'])).toEqual([]);
  });

  it('a pupil’s history has no text that no catalog gave, and its days in Arabic', async () => {
    mockApi({
      'GET attendance/student/11': HISTORY,
      'GET users/student/11': { results: { id: 11, name: 'Ada Mensah' } },
    });
    const { container, unmount } = renderScreen(
      inLocale('en-XA', <StudentAttendanceHistoryScreen studentId={11} />),
    );
    await screen.findByRole('table');
    await screen.findByText(/Ada Mensah/);
    // The pseudo-locale's dates are English's own.
    expect(
      untranslatedTexts(container, ['Ada Mensah', 'Fever', 'Wed, 8 Jan 2025', 'Mon, 6 Jan 2025']),
    ).toEqual([]);
    unmount();
    renderScreen(inLocale('ar', <StudentAttendanceHistoryScreen studentId={11} />));
    expect(
      await screen.findByRole('heading', { name: `حضور ${isolated('Ada Mensah')}` }),
    ).toBeInTheDocument();
    expect(await screen.findAllByText('غائب')).toHaveLength(2);
  });
});

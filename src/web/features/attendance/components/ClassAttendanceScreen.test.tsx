import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../shared/constants.js';
import { addDaysIso, todayInZone } from '../../../lib/school-time.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { answer, apiError, columnsOf, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { CLASS_ATTENDANCE_TITLE, ClassAttendanceScreen, REGISTER_NOTES } from './ClassAttendanceScreen.js';

const CLASSES = {
  data: [
    { classId: 2, class_name: 'KG' },
    { classId: 3, class_name: 'Class 1' },
  ],
};
const DAY = '2025-01-06';

const rowsFor = (classId: number, date: string) =>
  classId === 2 && date === DAY
    ? [
        { id: 11, name: 'Ada Mensah', att_status: 2, discription: 'Fever', checkedInAt: null },
        { id: 12, name: 'Ben Osei', att_status: null, discription: '', checkedInAt: null },
      ]
    : [
        {
          id: 21,
          name: `Pupil of ${classId} on ${date}`,
          att_status: null,
          discription: '',
          checkedInAt: null,
        },
      ];

function setup({
  path = `/student-attendence?date=${DAY}`,
  save = { data: { saved: 2 } } as object,
  ownClass = null as number | null,
} = {}) {
  const api = mockApi({
    'GET teacher/assign_class': CLASSES,
    'GET attendance/own-class': { data: { classId: ownClass } },
    'GET studentattendace/2': ({ path: p }) => ({
      data: rowsFor(2, new URL(p, 'http://x').searchParams.get('date') ?? ''),
      closed: null,
      term: null,
    }),
    'GET studentattendace/3': ({ path: p }) => ({
      data: rowsFor(3, new URL(p, 'http://x').searchParams.get('date') ?? ''),
      closed: null,
      term: null,
    }),
    'POST studentattenance': save,
  });
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  const view = renderScreen(<ClassAttendanceScreen />, { path, pattern: '/student-attendence' });
  return { ...view, api, alert };
}

describe('Student-attendence', () => {
  it('shows Class Attendance with a date, a class select and the pupils of that date', async () => {
    const { api } = setup();
    expect(screen.getByRole('heading', { name: CLASS_ATTENDANCE_TITLE })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(DAY);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Sr.No.', 'Student Name', 'Status', 'Description']);
    expect(screen.getByLabelText('Class')).toHaveValue('2');
    expect(api.calls('GET')).toContain(`GET studentattendace/2?date=${DAY}`);
    expect(screen.getByRole('button', { name: 'Save Attendance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attendance Report' })).toBeInTheDocument();
  });

  it('opens on the school’s today by default', async () => {
    const { api } = setup({ path: '/student-attendence' });
    const today = todayInZone(TEST_SCHOOL.timeZone);
    expect(screen.getByLabelText('Date')).toHaveValue(today);
    await screen.findByRole('table');
    expect(api.calls('GET')).toContain(`GET studentattendace/2?date=${today}`);
  });

  it('opens on the teacher’s own class when the address names none', async () => {
    const { api } = setup({ path: `/student-attendence?date=${DAY}`, ownClass: 3 });
    expect(await screen.findByText(`Pupil of 3 on ${DAY}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Class')).toHaveValue('3');
    expect(api.calls('GET')).not.toContain(`GET studentattendace/2?date=${DAY}`);
  });

  it('offers 1 Present, 2 Absent, 3 On Leave; shows what was saved; unsaved rows start as Present', async () => {
    setup();
    const ada = await screen.findByLabelText('Status of Ada Mensah');
    const options = within(ada).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['1', 'Present'],
      ['2', 'Absent'],
      ['3', 'On Leave'],
    ]);
    expect(ada).toHaveValue('2');
    expect(screen.getByLabelText('Description for Ada Mensah')).toHaveValue('Fever');
    expect(screen.getByLabelText('Status of Ben Osei')).toHaveValue('1');
    expect(screen.getByText('not saved yet', { selector: '.attendance-sheet__unsaved' })).toBeInTheDocument();
  });

  it('without a date, Save Attendance alerts and sends nothing', async () => {
    const { user, api, alert } = setup();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    expect(await screen.findByText('Choose a date to see its attendance.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.attendanceNeedsDate);
    expect(api.calls('POST')).toEqual([]);
  });

  it('saves every row with the chosen statuses and descriptions, then alerts success', async () => {
    const { user, api, alert } = setup();
    await user.selectOptions(await screen.findByLabelText('Status of Ben Osei'), '3');
    await user.type(screen.getByLabelText('Description for Ben Osei'), 'Dentist');
    await user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.attendanceSaved));
    expect(api.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: 'studentattenance',
      body: [
        { att_date: DAY, userid: 11, att_status: 2, discription: 'Fever' },
        { att_date: DAY, userid: 12, att_status: 3, discription: 'Dentist' },
      ],
    });
  });

  it('alerts the failure when saving fails, and says why', async () => {
    allowConsoleErrors();
    const { user, alert } = setup({
      save: apiError(400, 'VALIDATION', 'att_date must not be in the future'),
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.attendanceFailed));
    expect(alert).not.toHaveBeenCalledWith(MESSAGES.attendanceSaved);
    expect(await screen.findByText('att_date must not be in the future')).toBeInTheDocument();
  });

  it('alerts the failure on a server error too', async () => {
    allowConsoleErrors();
    const { user, alert } = setup({ save: answer(500) });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.attendanceFailed));
  });

  it('loads again when the date or the class changes, and keeps both in the address', async () => {
    const { user, api, location } = setup();
    await screen.findByLabelText('Status of Ada Mensah');
    const next = addDaysIso(DAY, 1);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: next } });
    expect(await screen.findByText(`Pupil of 2 on ${next}`)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Class'), 'Class 1');
    expect(await screen.findByText(`Pupil of 3 on ${next}`)).toBeInTheDocument();
    expect(api.calls('GET')).toEqual(
      expect.arrayContaining([`GET studentattendace/2?date=${next}`, `GET studentattendace/3?date=${next}`]),
    );
    expect(location()).toBe(`/student-attendence?date=${next}&classId=3`);
  });

  it('opens the class named in the address, even when the teacher’s own class is another', async () => {
    const { api } = setup({ path: `/student-attendence?classId=3&date=${DAY}`, ownClass: 2 });
    expect(await screen.findByText(`Pupil of 3 on ${DAY}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Class')).toHaveValue('3');
    expect(api.calls('GET')).not.toContain(`GET studentattendace/2?date=${DAY}`);
  });

  it('shows the Attendance Report of the class over the last 30 days', async () => {
    const { user, api } = setup();
    api.spy.mockClear();
    const from = addDaysIso(todayInZone(TEST_SCHOOL.timeZone), -29);
    const report = mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET attendance/own-class': { data: { classId: null } },
      'GET studentattendace/2': { data: rowsFor(2, DAY), closed: null, term: null },
      [`GET attendance/class/2?from=${from}&to=${todayInZone(TEST_SCHOOL.timeZone)}`]: {
        from,
        to: todayInZone(TEST_SCHOOL.timeZone),
        days: 20,
        data: [
          { studentId: 11, studentName: 'Ada Mensah', present: 17, absent: 2, leave: 1, percentPresent: 85 },
        ],
      },
    });
    await screen.findByRole('table');
    const button = screen.getByRole('button', { name: 'Attendance Report' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: 'Attendance report of KG' });
    expect(columnsOf(within(panel).getByRole('table'))).toEqual([
      'Student Name',
      'Present',
      'Absent',
      'On Leave',
      '% present',
      'History',
    ]);
    expect(within(panel).getByRole('row', { name: /Ada Mensah/ })).toHaveTextContent('Ada Mensah172185%');
    expect(within(panel).getByRole('link', { name: 'History of Ada Mensah' })).toHaveAttribute(
      'href',
      '/student-attendence/11',
    );
    expect(screen.getByText('20 school days with attendance saved.')).toBeInTheDocument();
    expect(report.calls('GET')).toContain(
      `GET attendance/class/2?from=${from}&to=${todayInZone(TEST_SCHOOL.timeZone)}`,
    );
  });
});

describe('Student-attendence on a closed day', () => {
  it('shows the closure instead of the sheet and saves nothing; an open day shows its term', async () => {
    const api = mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET attendance/own-class': { data: { classId: null } },
      'GET studentattendace/2': { data: rowsFor(2, DAY), closed: { reason: 'Snow day' }, term: null },
      'GET studentattendace/3': {
        data: rowsFor(3, DAY),
        closed: null,
        term: { id: 1, name: 'Spring 2025' },
      },
    });
    const { user } = renderScreen(<ClassAttendanceScreen />, {
      path: `/student-attendence?date=${DAY}&classId=2`,
      pattern: '/student-attendence',
    });
    expect(await screen.findByText('Closed: Snow day')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('no register is taken');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const saveButton = screen.getByRole('button', { name: 'Save Attendance' });
    expect(saveButton).toBeDisabled();
    await user.click(saveButton);
    expect(api.calls('POST')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Class'), '3');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByText('Term: Spring 2025')).toBeInTheDocument();
    expect(screen.queryByText(/^Closed:/)).not.toBeInTheDocument();
  });
});

describe('Student-attendence after saving', () => {
  it('shows what the server stored for the date, and saving again sends the changed rows', async () => {
    const stored = new Map<number, { att_status: number; discription: string }>();
    const pupils = [
      { id: 11, name: 'Ada Mensah' },
      { id: 12, name: 'Ben Osei' },
    ];
    const api = mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET attendance/own-class': { data: { classId: null } },
      'GET studentattendace/2': () => ({
        data: pupils.map((p) => ({
          id: p.id,
          name: p.name,
          att_status: stored.get(p.id)?.att_status ?? null,
          discription: stored.get(p.id)?.discription ?? '',
          checkedInAt: null,
        })),
        closed: null,
        term: null,
      }),
      'POST studentattenance': ({ body }) => {
        for (const row of body as { userid: number; att_status: number; discription: string }[]) {
          stored.set(row.userid, { att_status: row.att_status, discription: row.discription });
        }
        return { data: { saved: (body as unknown[]).length } };
      },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = renderScreen(<ClassAttendanceScreen />, {
      path: `/student-attendence?date=${DAY}`,
      pattern: '/student-attendence',
    });
    expect(
      await screen.findAllByText('not saved yet', { selector: '.attendance-sheet__unsaved' }),
    ).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Status of Ada Mensah'), '2');
    await user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.attendanceSaved));
    await waitFor(() =>
      expect(screen.queryByText('not saved yet', { selector: '.attendance-sheet__unsaved' })).toBeNull(),
    );
    expect(screen.getByLabelText('Status of Ada Mensah')).toHaveValue('2');
    expect(screen.getByLabelText('Status of Ben Osei')).toHaveValue('1');

    await user.selectOptions(screen.getByLabelText('Status of Ada Mensah'), '1');
    await user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual([
      { att_date: DAY, userid: 11, att_status: 1, discription: '' },
      { att_date: DAY, userid: 12, att_status: 1, discription: '' },
    ]);
  });
});

describe('Student-attendence starts from the day’s check-ins (decision 0047)', () => {
  // 08:12 in New York (TEST_SCHOOL's zone) in November: UTC-5.
  const ADA_IN = '2026-11-24T13:12:00.000Z';
  const rows = [
    { id: 11, name: 'Ada Mensah', att_status: null, discription: '', checkedInAt: ADA_IN },
    { id: 12, name: 'Ben Osei', att_status: null, discription: '', checkedInAt: null },
    { id: 13, name: 'Cara Diallo', att_status: 3, discription: 'Dentist', checkedInAt: null },
  ];

  function renderDay(dayRows: object[] = rows) {
    const api = mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET attendance/own-class': { data: { classId: 2 } },
      'GET studentattendace/2': { data: dayRows, closed: null, term: null },
      'POST studentattenance': { data: { saved: dayRows.length } },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm');
    const view = renderScreen(<ClassAttendanceScreen />, {
      path: `/student-attendence?date=${DAY}`,
      pattern: '/student-attendence',
    });
    return { ...view, api, alert, confirm };
  }

  it('a checked-in child starts Present, one not checked in Absent, a saved row as saved; nothing is saved until Save', async () => {
    const { user, api, alert } = renderDay();
    expect(await screen.findByLabelText('Status of Ada Mensah')).toHaveValue('1');
    expect(screen.getByRole('rowheader', { name: /Ada Mensah/ })).toHaveTextContent(
      REGISTER_NOTES.checkedIn('08:12'),
    );
    expect(screen.getByLabelText('Status of Ben Osei')).toHaveValue('2');
    expect(screen.getByRole('rowheader', { name: /Ben Osei/ })).toHaveTextContent(
      REGISTER_NOTES.notCheckedIn,
    );
    expect(screen.getByLabelText('Status of Cara Diallo')).toHaveValue('3');
    expect(screen.getAllByText('not saved yet', { selector: '.attendance-sheet__unsaved' })).toHaveLength(2);
    expect(api.calls('POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save Attendance' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.attendanceSaved));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual([
      { att_date: DAY, userid: 11, att_status: 1, discription: '' },
      { att_date: DAY, userid: 12, att_status: 2, discription: '' },
      { att_date: DAY, userid: 13, att_status: 3, discription: 'Dentist' },
    ]);
  });

  it('a day without check-ins: every unsaved row starts Present and no row speaks of check-ins', async () => {
    renderDay(rows.map((row) => ({ ...row, checkedInAt: null })));
    expect(await screen.findByLabelText('Status of Ada Mensah')).toHaveValue('1');
    expect(screen.getByLabelText('Status of Ben Osei')).toHaveValue('1');
    expect(screen.queryByText(REGISTER_NOTES.notCheckedIn)).toBeNull();
  });

  it('marking a checked-in child Absent asks first; cancelled, the row stays Present', async () => {
    const { user, confirm } = renderDay();
    const ada = await screen.findByLabelText('Status of Ada Mensah');
    confirm.mockReturnValueOnce(false);
    await user.selectOptions(ada, '2');
    expect(confirm).toHaveBeenCalledWith(REGISTER_NOTES.confirmAbsent('Ada Mensah', '08:12'));
    expect(ada).toHaveValue('1');

    confirm.mockReturnValueOnce(true);
    await user.selectOptions(ada, '2');
    expect(ada).toHaveValue('2');
    expect(confirm).toHaveBeenCalledTimes(2);

    // Other statuses, and children not checked in, are changed without a question.
    await user.selectOptions(ada, '3');
    await user.selectOptions(screen.getByLabelText('Status of Ben Osei'), '1');
    await user.selectOptions(screen.getByLabelText('Status of Ben Osei'), '2');
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});

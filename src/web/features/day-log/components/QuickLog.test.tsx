import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOG_MESSAGES } from '../../../../shared/api/day-log.js';
import { onDeviceIn } from '../../../test/device-zone.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { entry, TODAY } from '../testing/day.js';
import { QuickLog } from './QuickLog.js';

const PUPILS = [
  { studentId: 11, studentName: 'Ada Mensah' },
  { studentId: 12, studentName: 'Ben Osei' },
  { studentId: 13, studentName: 'Cara Diallo' },
];

const render = (routes: Record<string, unknown> = {}) => {
  const logged: ReturnType<typeof entry>[] = [];
  const api = mockApi({
    'GET users/profile': profile('Teacher'),
    'POST log-entries': (request: { body: unknown }) => {
      const { studentIds } = request.body as { studentIds: number[] };
      const data = studentIds.map((studentId, index) =>
        entry({
          id: logged.length + index + 1,
          studentId,
          studentName: PUPILS.find((p) => p.studentId === studentId)?.studentName,
        }),
      );
      logged.push(...data);
      return { data };
    },
    [`GET classes/2/day-log?date=${TODAY}`]: () => ({
      date: TODAY,
      classId: 2,
      className: 'KG',
      data: logged,
    }),
    ...(routes as Record<string, object>),
  });
  const view = renderScreen(<QuickLog classId={2} pupils={PUPILS} />, { path: '/today', pattern: '/today' });
  return { ...view, api };
};

describe('The daily log on Today', () => {
  it('logs a common entry for the children chosen: one tap a child, one tap the entry', async () => {
    const { user, api } = render();
    const chips = screen.getByRole('list', { name: 'Children' });
    await user.click(within(chips).getByRole('button', { name: 'Ada Mensah' }));
    await user.click(within(chips).getByRole('button', { name: 'Cara Diallo' }));
    expect(within(chips).getByRole('button', { name: 'Ada Mensah' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 children chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meal: all' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logged for 2 children.');
    // The class's log of today shows them, newest first.
    const todays = screen.getByRole('region', { name: 'Logged today' });
    expect(await within(todays).findByText('Cara Diallo: Meal: Lunch')).toBeInTheDocument();
    expect(within(todays).getByText('Ada Mensah: Meal: Lunch')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { studentIds: [11, 13], detail: { kind: 'meal', what: 'Lunch', amount: 'all' } },
    ]);
  });

  it('chooses every child at once, and says to choose first when none is', async () => {
    const { user, api } = render();
    await user.click(screen.getByRole('button', { name: 'Nappy: wet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one child first.');
    expect(api.calls('POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Choose all' }));
    expect(screen.getByText('3 children chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nappy: wet' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logged for 3 children.');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No child chosen')).toBeInTheDocument();
  });

  it('records an incident with its first aid and witness', async () => {
    const { user, api } = render();
    await user.click(screen.getByRole('button', { name: 'Ben Osei' }));
    await user.click(screen.getByText('Other entries'));
    const form = screen.getByRole('form', { name: 'Incident' });
    await user.type(within(form).getByLabelText('What happened'), 'Bumped his head');
    await user.type(within(form).getByLabelText('First aid'), 'Cold pack');
    await user.click(within(form).getByRole('button', { name: 'Record incident' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logged for 1 child.');
    expect(api.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      studentIds: [12],
      detail: { kind: 'incident', what: 'Bumped his head', firstAid: 'Cold pack', witnessedBy: '' },
    });
    expect(within(form).getByLabelText('What happened')).toHaveValue('');
  });

  it('records a nap with its start and end', async () => {
    const { user, api } = render();
    await user.click(screen.getByRole('button', { name: 'Ada Mensah' }));
    await user.click(screen.getByText('Other entries'));
    const form = screen.getByRole('form', { name: 'Nap' });
    await user.type(within(form).getByLabelText('From'), '13:05');
    await user.type(within(form).getByLabelText('To'), '14:20');
    await user.click(within(form).getByRole('button', { name: 'Record nap' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logged for 1 child.');
    expect(api.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      studentIds: [11],
      detail: { kind: 'nap', from: '13:05', to: '14:20' },
    });
  });

  it('says why a medication was refused, and keeps what was typed', async () => {
    const { user } = render({
      'POST log-entries': apiError(400, 'VALIDATION_FAILED', LOG_MESSAGES.medicationNotInCare),
    });
    await user.click(screen.getByRole('button', { name: 'Ben Osei' }));
    await user.click(screen.getByText('Other entries'));
    const form = screen.getByRole('form', { name: 'Medication' });
    await user.type(within(form).getByLabelText('Medication'), 'Paracetamol');
    await user.type(within(form).getByLabelText('Dose'), '5 ml');
    await user.click(within(form).getByRole('button', { name: 'Record medication' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOG_MESSAGES.medicationNotInCare);
    expect(within(form).getByLabelText('Medication')).toHaveValue('Paracetamol');
  });
});

describe('The daily log on a device in another zone than the school’s', () => {
  onDeviceIn('Asia/Tokyo');

  it('starts a nap at the school’s time of day, not the device’s', async () => {
    const { user, api } = render();
    await user.click(screen.getByRole('button', { name: 'Ada Mensah' }));
    await user.click(screen.getByRole('button', { name: 'Nap started' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logged for 1 child.');
    const [body] = api.requests.filter((r) => r.method === 'POST').map((r) => r.body);
    const from = (body as { detail: { from: string } }).detail.from;
    const inZone = (timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // Read around the tap: a minute may have turned meanwhile.
    const now = Date.now();
    const school = [now - 60_000, now].map((at) => inZone(TEST_SCHOOL.timeZone).format(at));
    expect(school).toContain(from);
    expect(inZone('Asia/Tokyo').format(now)).not.toBe(from);
  });
});

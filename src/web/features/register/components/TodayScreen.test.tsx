import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES } from '../../../../shared/api/family.js';
import { answer, apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { ADA, BEN, CARA, CLASSES, register, renderToday, TODAY } from '../testing/today.js';
import { TodayScreen } from './TodayScreen.js';

const checkinRow = (kind: 'in' | 'out', extra: object = {}) => ({
  data: {
    id: 90,
    studentId: 12,
    kind,
    at: '2026-11-24T20:00:00.000Z',
    day: TODAY,
    recordedBy: 'Amara Okafor',
    collectedBy: null,
    collectorKnown: null,
    reason: null,
    ...extra,
  },
});

const card = (name: string) => screen.getByRole('article', { name });
const posts = (api: ReturnType<typeof renderToday>['api']) => api.requests.filter((r) => r.method === 'POST');

describe('Today', () => {
  it('shows each child of the class with the allergy flag and where they are', async () => {
    renderToday();
    expect(screen.getByRole('heading', { name: 'Today’s register' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Ada Mensah' })).toBeInTheDocument();
    expect(card('Ada Mensah')).toHaveTextContent('Allergy: peanuts');
    expect(card('Ada Mensah')).toHaveTextContent('Not arrived');
    expect(card('Ben Osei')).toHaveTextContent('In since 08:12');
    expect(card('Ben Osei')).not.toHaveTextContent('Allergy');
    expect(card('Cara Diallo')).toHaveTextContent('Collected 15:04 by Ama Rahman');
    expect(within(card('Ada Mensah')).getByRole('button', { name: 'Check in' })).toBeInTheDocument();
    expect(within(card('Ben Osei')).getByRole('button', { name: 'Check out' })).toBeInTheDocument();
    expect(within(card('Cara Diallo')).getByRole('button', { name: 'Check in again' })).toBeInTheDocument();
    expect(screen.getByLabelText('Class')).toHaveValue('2');
    expect(screen.getByLabelText('Day')).toHaveValue(TODAY);
    // A teacher does not see the principal's list.
    expect(
      screen.queryByRole('heading', { name: 'Collected by someone not on the list' }),
    ).not.toBeInTheDocument();
  });

  it('opens on the class it is given (the teacher’s own, decision 0047) unless the address names one', async () => {
    const classes = { data: [...CLASSES.data, { classId: 3, class_name: 'Class 1' }] };
    const routes = {
      'GET teacher/assign_class': classes,
      'GET users/profile': profile('Teacher'),
      [`GET classes/3/register?date=${TODAY}`]: { ...register([BEN]), classId: 3, className: 'Class 1' },
      [`GET classes/2/register?date=${TODAY}`]: register([CARA]),
    };
    const api = mockApi(routes);
    const first = renderScreen(<TodayScreen openOn={3} />, { path: '/today', pattern: '/today' });
    expect(await screen.findByRole('article', { name: 'Ben Osei' })).toBeInTheDocument();
    expect(screen.getByLabelText('Class')).toHaveValue('3');
    expect(api.calls('GET')).not.toContain(`GET classes/2/register?date=${TODAY}`);
    first.unmount();

    renderScreen(<TodayScreen openOn={3} />, { path: '/today?classId=2', pattern: '/today' });
    expect(await screen.findByRole('article', { name: 'Cara Diallo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Class')).toHaveValue('2');
  });

  it('Check in posts { kind: "in" } and loads the register again', async () => {
    const { user, api } = renderToday({ 'POST pupils/11/checkins': answer(201, checkinRow('in')) });
    await screen.findByRole('article', { name: 'Ada Mensah' });
    const before = api.calls('GET').filter((c) => c.startsWith('GET classes/2/register')).length;
    await user.click(within(card('Ada Mensah')).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]).toMatchObject({ path: 'pupils/11/checkins', body: { kind: 'in' } });
    await waitFor(() =>
      expect(api.calls('GET').filter((c) => c.startsWith('GET classes/2/register')).length).toBe(before + 1),
    );
  });

  it('Check out offers the guardians and pick-ups and records the one chosen', async () => {
    const { user, api } = renderToday({
      'POST pupils/12/checkins': answer(
        201,
        checkinRow('out', { collectedBy: 'Kofi Osei', collectorKnown: true }),
      ),
    });
    await screen.findByRole('article', { name: 'Ben Osei' });
    await user.click(within(card('Ben Osei')).getByRole('button', { name: 'Check out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Check out Ben Osei' });
    expect(await within(dialog).findByRole('radio', { name: /Efua Osei/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Kofi Osei \(Uncle, authorised pick-up\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(api)).toEqual([
      { method: 'POST', path: 'pupils/12/checkins', body: { kind: 'out', collectedBy: 'Kofi Osei' } },
    ]);
  });

  it('someone not on the list: the 409 asks for a reason, and the second request carries it', async () => {
    let tries = 0;
    const { user, api } = renderToday({
      'POST pupils/12/checkins': () => {
        tries += 1;
        return tries === 1
          ? apiError(409, 'UNKNOWN_COLLECTOR', FAMILY_MESSAGES.collectorNotOnList)
          : answer(
              201,
              checkinRow('out', { collectedBy: 'Yaw Boateng', collectorKnown: false, reason: 'x' }),
            );
      },
    });
    await screen.findByRole('article', { name: 'Ben Osei' });
    await user.click(within(card('Ben Osei')).getByRole('button', { name: 'Check out' }));
    const dialog = screen.getByRole('alertdialog');
    await within(dialog).findByRole('radio', { name: /Efua Osei/ });
    await user.click(within(dialog).getByRole('radio', { name: 'Someone else' }));
    await user.type(within(dialog).getByLabelText('Their name'), 'Yaw Boateng');
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Yaw Boateng is not on the list of people who may collect this child.',
    );
    expect(
      within(dialog).getByLabelText('Why may this person collect the child? (shown to the principal)'),
    ).toHaveFocus();
    // Without a reason nothing more is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm check-out' }));
    expect(within(dialog).getByText(FAMILY_MESSAGES.reasonNeeded)).toBeInTheDocument();
    expect(posts(api)).toHaveLength(1);

    await user.type(
      within(dialog).getByLabelText('Why may this person collect the child? (shown to the principal)'),
      'Grandfather, mother phoned at 2 pm',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm check-out' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(api).map((r) => r.body)).toEqual([
      { kind: 'out', collectedBy: 'Yaw Boateng' },
      { kind: 'out', collectedBy: 'Yaw Boateng', reason: 'Grandfather, mother phoned at 2 pm' },
    ]);
  });

  it('shows the reason saved with a check-out on the row', async () => {
    renderToday({
      [`GET classes/2/register?date=${TODAY}`]: register([
        { ...CARA, collectedBy: 'Yaw Boateng', collectorKnown: false, reason: 'Grandfather' },
      ]),
    });
    const cara = await screen.findByRole('article', { name: 'Cara Diallo' });
    expect(cara).toHaveTextContent('Not on the list. Reason: Grandfather');
  });

  it('marks today the children without the consent to local outings, with a link to their consents', async () => {
    const { user, location } = renderToday({
      [`GET classes/2/register?date=${TODAY}`]: register([
        { ...ADA, outings: false },
        BEN,
        { ...CARA, outings: false },
      ]),
    });
    const ada = await screen.findByRole('article', { name: 'Ada Mensah' });
    const link = within(ada).getByRole('link', { name: 'No outings consent' });
    expect(link).toHaveAttribute('href', '/care/11');
    expect(link).toHaveAccessibleDescription('Ada Mensah');
    expect(
      within(card('Ben Osei')).queryByRole('link', { name: 'No outings consent' }),
    ).not.toBeInTheDocument();
    expect(within(card('Cara Diallo')).getByRole('link', { name: 'No outings consent' })).toHaveAttribute(
      'href',
      '/care/13',
    );
    expect(screen.getByRole('list', { name: 'The class now' })).toHaveTextContent(
      '2 without outings consent',
    );
    await user.click(link);
    await waitFor(() => expect(location()).toBe('/care/11'));
  });

  it('an earlier day is shown read only', async () => {
    mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET users/profile': profile('Teacher'),
      'GET classes/2/register?date=2025-01-06': register([{ ...BEN, outings: false }]),
    });
    renderScreen(<TodayScreen />, { path: '/today?date=2025-01-06', pattern: '/today' });
    const ben = await screen.findByRole('article', { name: 'Ben Osei' });
    expect(
      screen.getByText('An earlier day: the register is shown as it was, and cannot be changed.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(ben).queryByRole('button')).not.toBeInTheDocument();
    // The outings mark is about taking the class out now: not on an earlier day's register.
    expect(within(ben).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/without outings consent/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveValue('2025-01-06');
  });

  it('the principal also sees the check-outs to people not on the list, newest first', async () => {
    renderToday(
      {
        'GET admin/checkout-overrides': {
          data: [
            {
              ...checkinRow('out').data,
              id: 1,
              at: '2026-11-20T20:00:00.000Z',
              collectedBy: 'Older Person',
              collectorKnown: false,
              reason: 'First',
              studentName: 'Cara Diallo',
              className: 'KG',
            },
            {
              ...checkinRow('out').data,
              id: 2,
              at: '2026-11-23T20:00:00.000Z',
              collectedBy: 'Yaw Boateng',
              collectorKnown: false,
              reason: 'Grandfather',
              studentName: 'Ben Osei',
              className: 'KG',
            },
          ],
        },
      },
      'Principle',
    );
    expect(
      await screen.findByRole('heading', { name: 'Collected by someone not on the list' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Yaw Boateng');
    expect(rows[0]).toHaveTextContent('Grandfather');
    expect(rows[0]).toHaveTextContent('Amara Okafor');
    expect(rows[1]).toHaveTextContent('Older Person');
  });
});

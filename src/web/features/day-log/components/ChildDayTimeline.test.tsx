import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { childDay, INCIDENT, TODAY } from '../testing/day.js';
import { ChildDayScreen } from './ChildDayScreen.js';

const render = (routes: Record<string, unknown>, type: 'Parent' | 'Teacher' = 'Parent') => {
  const api = mockApi({ 'GET users/profile': profile(type), ...(routes as Record<string, object>) });
  const view = renderScreen(<ChildDayScreen studentId={12} />, {
    path: '/dashboard/children/12/day',
    pattern: '/dashboard/children/:id/day',
  });
  return { ...view, api };
};

describe('A child’s day', () => {
  it('shows arrival, entries and collection in time order, in the reader’s words', async () => {
    render({ [`GET pupils/12/day?date=${TODAY}`]: childDay() });
    const list = await screen.findByRole('list', { name: 'Ben Osei’s day' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^08:12Arrived/),
      expect.stringMatching(/^10:30Incident: Fell off the slideFirst aid: Cold packSeen by: Ms Ada/),
      expect.stringMatching(/^12:15Meal: LunchAte all of itRecorded by Amara Okafor/),
      expect.stringMatching(/^15:04CollectedCollected by Efua Osei/),
    ]);
    expect(screen.getByText('1 incident waits for your acknowledgement.')).toBeInTheDocument();
  });

  it('lets a guardian acknowledge an incident, then shows who did and when', async () => {
    let acknowledged = false;
    const { user, api } = render({
      [`GET pupils/12/day?date=${TODAY}`]: () =>
        acknowledged
          ? childDay({
              unacknowledged: 0,
              items: [
                {
                  type: 'log',
                  time: '10:30',
                  entry: { ...INCIDENT, acknowledged: { at: '2026-11-24T18:00:00.000Z', by: 'Efua Osei' } },
                },
              ],
            })
          : childDay(),
      'POST log-entries/2/acknowledgement': () => {
        acknowledged = true;
        return { data: { ...INCIDENT, acknowledged: { at: '2026-11-24T18:00:00.000Z', by: 'Efua Osei' } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'I have read this' }));
    expect(await screen.findByText(/Acknowledged by Efua Osei/)).toBeInTheDocument();
    expect(api.calls('POST')).toEqual(['POST log-entries/2/acknowledgement']);
    expect(screen.queryByRole('button', { name: 'I have read this' })).not.toBeInTheDocument();
  });

  it('shows staff that an incident waits, without the button', async () => {
    render({ [`GET pupils/12/day?date=${TODAY}`]: childDay({ isGuardian: false }) }, 'Teacher');
    expect(await screen.findByText('Not acknowledged yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have read this' })).not.toBeInTheDocument();
    expect(screen.queryByText(/waits for your acknowledgement/)).not.toBeInTheDocument();
  });

  it('says so when nothing is logged', async () => {
    render({ [`GET pupils/12/day?date=${TODAY}`]: childDay({ items: [], unacknowledged: 0 }) });
    expect(await screen.findByText('Nothing logged yet for this day.')).toBeInTheDocument();
  });

  it('shows the server’s 404 as not found', async () => {
    allowConsoleErrors(); // the query logs the failed load
    render({ [`GET pupils/12/day?date=${TODAY}`]: apiError(404, 'NOT_FOUND', 'That pupil was not found.') });
    expect(await screen.findByText(/Not found|not found/)).toBeInTheDocument();
  });
});

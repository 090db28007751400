import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { renderToday, TODAY } from '../testing/today.js';

/**
 * "Someone else collects today" (docs/decisions/0080-conversations.md): the person the family named
 * in the child's conversation for today is offered first at check-out, and checking out to them
 * needs no reason (the server counts them as known).
 */
describe('Check out to the person the family named for today', () => {
  it('offers them first, chosen, with the family’s word and their phone; records them', async () => {
    const { user, api } = renderToday({
      [`GET pupils/12/conversation/day-notes?date=${TODAY}`]: {
        date: TODAY,
        data: [
          {
            messageId: 5,
            studentId: 12,
            studentName: 'Ben Osei',
            type: 'other-collector',
            reason: null,
            time: null,
            name: 'Jamal Mensah',
            phone: '+1 555 0100 300',
            senderName: 'Efua Osei',
            sentAt: '2026-11-24T12:40:00.000Z',
          },
        ],
      },
      'POST pupils/12/checkins': {
        data: {
          id: 91,
          studentId: 12,
          kind: 'out',
          at: '2026-11-24T20:00:00.000Z',
          day: TODAY,
          recordedBy: 'Amara Okafor',
          collectedBy: 'Jamal Mensah',
          collectorKnown: true,
          reason: null,
        },
      },
    });
    const ben = await screen.findByRole('article', { name: 'Ben Osei' });
    await user.click(within(ben).getByRole('button', { name: 'Check out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Check out Ben Osei' });
    const named = await within(dialog).findByRole('radio', {
      name: 'Jamal Mensah (named by the family for today, +1 555 0100 300)',
    });
    await waitFor(() => expect(named).toBeChecked());
    expect(within(dialog).getByRole('radio', { name: /Efua Osei/ })).not.toBeChecked();
    expect(await blocking(document.body)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: 'pupils/12/checkins', body: { kind: 'out', collectedBy: 'Jamal Mensah' } },
      ]),
    );
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { AlertSettingsScreen } from './AlertSettingsScreen.js';

const SETTINGS = {
  channels: {
    messages: 'push',
    photos: 'push',
    'daily-summary': 'email',
    incidents: 'push',
    absences: 'push',
    notices: 'push',
  },
  pushDevices: 0,
};

function renderSettings() {
  const api = mockApi({
    'GET alert-settings': SETTINGS,
    'PUT alert-settings': (request: { body: unknown }) => ({
      ...SETTINGS,
      channels: { ...SETTINGS.channels, ...(request.body as { channels: object }).channels },
    }),
  });
  const view = renderScreen(<AlertSettingsScreen />, {
    path: '/notification-settings',
    pattern: '/notification-settings',
  });
  return { ...view, api };
}

describe('notification settings', () => {
  it('shows each kind’s channel, and saves only the kinds changed', async () => {
    const { user, api } = renderSettings();
    const photos = await screen.findByRole('group', { name: 'Photos' });
    expect(within(photos).getByRole('radio', { name: 'Push' })).toBeChecked();
    const summary = screen.getByRole('group', { name: 'Daily summary' });
    expect(within(summary).getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(screen.getByText(/No device of yours gets push/)).toBeInTheDocument();
    // jsdom has no service workers: push is not offered, and the page says news comes by email.
    expect(screen.getByText(/This browser cannot get push notifications/)).toBeInTheDocument();

    await user.click(within(photos).getByRole('radio', { name: 'Off' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your notification settings are saved.');
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { channels: { photos: 'off' } },
    ]);
  });

  it('has no serious or critical axe violation', async () => {
    const { container } = renderSettings();
    await screen.findByRole('group', { name: 'Notices' });
    expect(await blocking(container)).toEqual([]);
  });
});

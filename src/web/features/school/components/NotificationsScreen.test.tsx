import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { answer, columnsOf, mockApi, pending, renderScreen } from '../test/school-test-utils.js';
import { NotificationsScreen } from './NotificationsScreen.js';
import { LOADING_TEXT } from './QueryState.js';

describe('Notification', () => {
  it('shows Student Name, Class, notification', async () => {
    mockApi({
      'GET notification': {
        data: [{ id: 1, name: 'Ada Mensah', classes: 'KG', notification: 'Sports day on Friday' }],
      },
    });
    renderScreen(<NotificationsScreen />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Student Name', 'Class', 'notification']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ada Mensah', 'KG', 'Sports day on Friday']);
  });

  it('shows that it is loading', async () => {
    mockApi({ 'GET notification': pending });
    renderScreen(<NotificationsScreen />);
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_TEXT);
  });

  it('says "No records yet" when there are none', async () => {
    mockApi({ 'GET notification': { data: [] } });
    renderScreen(<NotificationsScreen />);
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });

  it('after a failure offers Retry, which loads again', async () => {
    allowConsoleErrors();
    let calls = 0;
    const api = mockApi({
      'GET notification': () =>
        ++calls === 1
          ? answer(500)
          : { data: [{ id: 1, name: 'Ada Mensah', classes: 'KG', notification: 'Back again' }] },
    });
    const { user } = renderScreen(<NotificationsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Back again' })).toBeInTheDocument();
    expect(api.calls()).toHaveLength(2);
    expect(console.error).toHaveBeenCalled();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOADING_TEXT } from '../../../components/school/QueryState.js';
import { I18nProvider, type MessageKey } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { onDeviceIn } from '../../../test/device-zone.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import {
  answer,
  apiError,
  columnsOf,
  mockApi,
  pending,
  renderScreen,
} from '../../../test/school-test-utils.js';
import { NOTIFICATION_TEXTS, NotificationsScreen } from './NotificationsScreen.js';

const english = testTranslator();
const en = (key: MessageKey): string => english.t(key);

const row = (id: number, notification: string, extra: Partial<Record<string, unknown>> = {}) => ({
  id,
  name: 'Ada Mensah',
  classes: 'KG',
  notification,
  from: 'Amara Okafor',
  createdAt: '2026-03-02T08:30:00.000Z',
  unread: false,
  ...extra,
});

describe('Notification', () => {
  it('shows Student Name, Class, notification, and who sent it when', async () => {
    mockApi({ 'GET notification': { data: [row(1, 'Sports day on Friday')] } });
    renderScreen(<NotificationsScreen />);
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Student Name', 'Class', 'notification', 'From', 'Sent', 'Read']);
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['Ada Mensah', 'KG', 'Sports day on Friday', 'Amara Okafor']);
    expect(within(table).getByText(/2 Mar 2026/)).toHaveAttribute('datetime', '2026-03-02T08:30:00.000Z');
    expect(screen.getByText(/No unread notifications\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
  });

  it('marks unread ones, and Mark as read sends the read call and clears the mark', async () => {
    let read = false;
    const api = mockApi({
      'GET notification': () => ({
        data: [row(2, 'Trip money due', { unread: !read }), row(1, 'Sports day on Friday')],
      }),
      'POST notification/2/read': () => {
        read = true;
        return answer(204);
      },
    });
    const { user } = renderScreen(<NotificationsScreen />);
    const unreadRow = (await screen.findByText('Trip money due')).closest('tr') as HTMLElement;
    expect(within(unreadRow).getByText(en(NOTIFICATION_TEXTS.newBadge))).toBeInTheDocument();
    // Marked by more than colour: bold (class), and a badge that also says so to a screen reader.
    expect(unreadRow).toHaveClass('school-notification--unread');
    expect(within(unreadRow).getByText(en(NOTIFICATION_TEXTS.newBadgeHidden))).toHaveClass('visually-hidden');
    expect(screen.getByText(/1 unread notification\./)).toBeInTheDocument();
    const readRow = screen.getByText('Sports day on Friday').closest('tr') as HTMLElement;
    expect(within(readRow).queryByText(en(NOTIFICATION_TEXTS.newBadge))).not.toBeInTheDocument();
    expect(readRow).not.toHaveClass('school-notification--unread');

    await user.click(within(unreadRow).getByRole('button', { name: /^Mark as read/ }));
    await waitFor(() => expect(screen.queryByText(en(NOTIFICATION_TEXTS.newBadge))).not.toBeInTheDocument());
    expect(api.calls('POST')).toEqual(['POST notification/2/read']);
    expect(await screen.findByText(/No unread notifications\./)).toBeInTheDocument();
    expect(unreadRow).not.toHaveClass('school-notification--unread');
    expect(within(unreadRow).queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
  });

  it('Mark all as read marks every unread one', async () => {
    const api = mockApi({
      'GET notification': { data: [row(3, 'One', { unread: true }), row(2, 'Two', { unread: true })] },
      'POST notification/3/read': answer(204),
      'POST notification/2/read': answer(204),
    });
    const { user } = renderScreen(<NotificationsScreen />);
    await user.click(await screen.findByRole('button', { name: en(NOTIFICATION_TEXTS.markAllRead) }));
    await waitFor(() => expect(api.calls('POST')).toHaveLength(2));
    expect(api.calls('POST').sort()).toEqual(['POST notification/2/read', 'POST notification/3/read']);
  });

  it('a failed mark brings the unread mark back and says so', async () => {
    allowConsoleErrors();
    mockApi({
      'GET notification': { data: [row(2, 'Trip money due', { unread: true })] },
      'POST notification/2/read': apiError(404, 'NOT_FOUND', 'That notification was not found.'),
    });
    const error = vi.spyOn(notify, 'error');
    const { user } = renderScreen(<NotificationsScreen />);
    await user.click(await screen.findByRole('button', { name: /^Mark as read/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(en(NOTIFICATION_TEXTS.markFailed)));
    expect(await screen.findByText(en(NOTIFICATION_TEXTS.newBadge))).toBeInTheDocument();
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
      'GET notification': () => (++calls === 1 ? answer(500) : { data: [row(1, 'Back again')] }),
    });
    const { user } = renderScreen(<NotificationsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Back again' })).toBeInTheDocument();
    expect(api.calls()).toHaveLength(2);
    expect(console.error).toHaveBeenCalled();
  });
});

describe('Notification, one school year at a time (docs/decisions/0095-past-sight.md)', () => {
  const current = { id: 2, name: '2026–2027', current: true };
  const past = { id: 1, name: '2025–2026', current: false };

  it('shows the current year first; the picker reads a past year under its name', async () => {
    const api = mockApi({
      'GET notification': {
        data: [row(5, 'Welcome back')],
        year: current,
        years: [current, past],
      },
      'GET notification?yearId=1': {
        data: [row(1, 'Last summer’s trip', { unread: true }), row(0, 'Sports day')],
        year: past,
        years: [current, past],
      },
    });
    const { user } = renderScreen(<NotificationsScreen />);
    expect(await screen.findByRole('cell', { name: 'Welcome back' })).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: en(NOTIFICATION_TEXTS.yearLabel) });
    expect(picker).toHaveValue('2');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026–2027 (current)', '2025–2026']);
    expect(screen.getByText(/^Messages from the school/)).toBeInTheDocument();

    await user.selectOptions(picker, '1');
    expect(await screen.findByRole('cell', { name: 'Sports day' })).toBeInTheDocument();
    expect(screen.getByText('Last summer’s trip').closest('tr')).toHaveClass('school-notification--unread');
    expect(screen.queryByRole('cell', { name: 'Welcome back' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/^Notices of the school year 2025–2026\. 1 unread notification\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: en(NOTIFICATION_TEXTS.yearLabel) })).toHaveValue('1');

    // Back to the current year: the list the badges count, asked without a year.
    await user.selectOptions(screen.getByRole('combobox', { name: en(NOTIFICATION_TEXTS.yearLabel) }), '2');
    expect(await screen.findByRole('cell', { name: 'Welcome back' })).toBeInTheDocument();
    expect(api.calls('GET').filter((call) => call.startsWith('GET notification'))).toEqual([
      'GET notification',
      'GET notification?yearId=1',
    ]);
  });

  it('shows no picker when there is only one year, or none', async () => {
    mockApi({
      'GET notification': { data: [row(1, 'Sports day on Friday')], year: current, years: [current] },
    });
    renderScreen(<NotificationsScreen />);
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('names the picker and the years in Arabic, right to left', async () => {
    mockApi({ 'GET notification': { data: [row(1, 'Sports')], year: current, years: [current, past] } });
    renderScreen(
      <I18nProvider translator={testTranslator('ar')}>
        <NotificationsScreen />
      </I18nProvider>,
    );
    const picker = await screen.findByRole('combobox', { name: 'السنة الدراسية' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      // The year's name isolated from the Arabic around it.
      '\u20682026–2027\u2069 (الحالية)',
      '2025–2026',
    ]);
  });
});

describe('Notification on a device in another time zone than the school', () => {
  onDeviceIn('Asia/Tokyo');

  it('shows when each was sent on the school’s clock (New York), not the device’s (Tokyo)', async () => {
    expect(TEST_SCHOOL.timeZone).toBe('America/New_York');
    // 08:30 UTC is 03:30 in New York (17:30 in Tokyo).
    mockApi({ 'GET notification': { data: [row(1, 'Sports day on Friday')] } });
    renderScreen(<NotificationsScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('2 Mar 2026, 03:30')).toHaveAttribute(
      'datetime',
      '2026-03-02T08:30:00.000Z',
    );
  });

  it('speaks the pseudo-locale everywhere but the notices themselves', async () => {
    mockApi({
      'GET notification': {
        data: [row(2, 'Trip money due', { unread: true }), row(1, 'Sports day on Friday')],
      },
    });
    const { container } = renderScreen(
      <I18nProvider translator={testTranslator('en-XA')}>
        <NotificationsScreen />
      </I18nProvider>,
    );
    await screen.findByRole('table');
    expect(
      untranslatedTexts(container, [
        'Ada Mensah',
        'KG',
        'Trip money due',
        'Sports day on Friday',
        'Amara Okafor',
        'Mar',
      ]),
    ).toEqual([]);
  });

  it('speaks French: columns, the unread count and the date', async () => {
    mockApi({
      'GET notification': {
        data: [row(2, 'Trip money due', { unread: true }), row(3, 'Sports', { unread: true })],
      },
    });
    renderScreen(
      <I18nProvider translator={testTranslator('fr')}>
        <NotificationsScreen />
      </I18nProvider>,
    );
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Nom de l’élève', 'Classe', 'notification', 'De', 'Envoyée', 'Lue']);
    expect(screen.getByText(/2 notifications non lues\./)).toBeInTheDocument();
    expect(within(table).getAllByText(/2 mars 2026/)).toHaveLength(2);
  });
});

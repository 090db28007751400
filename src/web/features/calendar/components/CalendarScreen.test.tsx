import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, renderScreen } from '../../../test/school-test-utils.js';
import {
  CLASSES,
  CONCERT,
  HOLIDAY,
  MONTH,
  mockCalendar,
  OWN_FEED,
  SCHOOL_FEED,
} from '../testing/calendar.js';
import { CalendarScreen } from './CalendarScreen.js';

const open = (ui: React.ReactNode, month = MONTH) =>
  renderScreen(ui, { path: `/calendar?month=${month}`, pattern: '/calendar' });

describe('the calendar screen', () => {
  it('lists the month’s entries in date order, closures and cancelled ones marked, for a parent', async () => {
    mockCalendar('Parent');
    open(<CalendarScreen />);
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'December 2026' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => item.querySelector('h4')?.textContent)).toEqual([
      'EventCancelledBook fair',
      'EventCarol concert',
      'ClosureWinter holiday',
    ]);
    const holiday = screen.getByRole('article', { name: /Winter holiday/ });
    expect(holiday.closest('li')).toHaveClass('calendar-entry--closure');
    expect(within(holiday).getByText('Mon, 21 Dec 2026 – Fri, 1 Jan 2027')).toBeInTheDocument();
    expect(within(holiday).getByText('All day')).toBeInTheDocument();
    const concert = screen.getByRole('article', { name: /Carol concert/ });
    expect(within(concert).getByText('14:00–15:30')).toBeInTheDocument();
    expect(within(concert).getByText('For KG · Families are invited')).toBeInTheDocument();
    expect(within(concert).getByText('The hall')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Book fair/ }).querySelector('del')).toHaveTextContent(
      'Book fair',
    );
    // Families read; only the principal manages.
    expect(screen.queryByRole('button', { name: 'Add a closure or an event' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change Carol concert/ })).toBeNull();
    expect(screen.queryByLabelText('A class’s calendar')).toBeNull();
  });

  it('moves month by month, keeping the month in the address', async () => {
    const api = mockCalendar('Student', {
      'GET calendar?from=2027-01-01&to=2027-01-31': { timeZone: 'Europe/London', data: [] },
    });
    const { user, location } = open(<CalendarScreen />);
    await screen.findByRole('article', { name: /Winter holiday/ });
    await user.click(screen.getByRole('button', { name: 'Next month: January 2027' }));
    expect(await screen.findByText('Nothing on the calendar this month.')).toBeInTheDocument();
    expect(location()).toBe('/calendar?month=2027-01');
    expect(api.calls('GET')).toContain('GET calendar?from=2027-01-01&to=2027-01-31');
  });

  it('makes the user’s own feed address, shows it once with both addresses, and warns before renewing', async () => {
    let made = 0;
    const api = mockCalendar('Parent', {
      'POST calendar/feed': () => {
        made += 1;
        return answer(201, { data: OWN_FEED });
      },
    });
    const { user } = open(<CalendarScreen />);
    const own = await screen.findByRole('region', { name: 'Your calendar' });
    await user.click(within(own).getByRole('button', { name: 'Make my address' }));
    expect(await within(own).findByRole('status')).toHaveTextContent('It is shown only this once');
    expect(within(own).getByLabelText('Address for calendar apps (webcal)')).toHaveValue(OWN_FEED.webcal);
    expect(within(own).getByLabelText('Web address (https)')).toHaveValue(OWN_FEED.https);
    expect(within(own).getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
      'href',
      OWN_FEED.webcal,
    );
    expect(within(own).getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(OWN_FEED.webcal)}`,
    );
    // Copying puts the address on the clipboard.
    await user.click(within(own).getByRole('button', { name: 'Copy: Web address (https)' }));
    expect(await navigator.clipboard.readText()).toBe(OWN_FEED.https);

    await user.click(within(own).getByRole('button', { name: 'Make a new address' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new address?' });
    expect(dialog).toHaveTextContent('The old address stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(made).toBe(2));
    expect(api.calls('POST')).toEqual(['POST calendar/feed', 'POST calendar/feed']);

    // The school's public feed and the steps for each app.
    const school = screen.getByRole('region', { name: 'The school’s public calendar' });
    expect(within(school).getByLabelText('Address for calendar apps (webcal)')).toHaveValue(
      SCHOOL_FEED.webcal,
    );
    expect(screen.getByText('Choose “Subscribe from web”.')).toBeInTheDocument();
  });

  it('says when an address was made before, since it cannot be shown again', async () => {
    mockCalendar('Student', {
      'GET calendar/feeds': {
        data: { school: SCHOOL_FEED, own: { createdAt: '2026-11-02T09:00:00.000Z' }, classes: [] },
      },
    });
    open(<CalendarScreen />);
    const own = await screen.findByRole('region', { name: 'Your calendar' });
    expect(await within(own).findByText(/You made an address on 2 Nov 2026/)).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Make a new address' })).toBeInTheDocument();
  });

  it('lets the staff make a class’s feed', async () => {
    const api = mockCalendar('Teacher', { 'POST calendar/classes/3/feed': answer(201, { data: OWN_FEED }) });
    const { user } = open(<CalendarScreen classes={CLASSES} />);
    await user.selectOptions(await screen.findByLabelText('A class’s calendar'), 'Class 1');
    const feed = screen.getByRole('region', { name: 'The calendar of Class 1' });
    await user.click(within(feed).getByRole('button', { name: 'Make my address' }));
    expect(await within(feed).findByLabelText('Web address (https)')).toHaveValue(OWN_FEED.https);
    expect(api.calls('POST')).toEqual(['POST calendar/classes/3/feed']);
  });
});

describe('the principal’s calendar', () => {
  it('adds a closure for some classes, checked by the shared schema first', async () => {
    const api = mockCalendar('Principle', {
      'POST admin/calendar': answer(201, { data: { ...HOLIDAY, id: 9, title: 'Staff training day' } }),
    });
    const { user } = open(<CalendarScreen manage classes={CLASSES} />);
    await user.click(await screen.findByRole('button', { name: 'Add a closure or an event' }));
    const form = screen.getByRole('form', { name: 'A new closure or event' });
    expect(within(form).getByLabelText('Closure')).toBeChecked();
    await user.type(within(form).getByLabelText('Title'), 'Staff training day');
    await user.clear(within(form).getByLabelText('First day'));
    await user.type(within(form).getByLabelText('First day'), '2026-12-04');
    await user.selectOptions(within(form).getByLabelText('For whom'), 'classes');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose at least one class')).toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);

    await user.click(within(form).getByLabelText('KG'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/calendar']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'closure',
      title: 'Staff training day',
      description: '',
      place: '',
      startDate: '2026-12-04',
      audience: 'classes',
      classIds: [2],
      familiesInvited: false,
      public: false,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'A new closure or event' })).toBeNull());
  });

  it('says the contract’s words for a missing first day, not zod’s or the date format’s', async () => {
    const api = mockCalendar('Principle');
    const { user } = open(<CalendarScreen manage classes={CLASSES} />);
    await user.click(await screen.findByRole('button', { name: 'Add a closure or an event' }));
    const form = screen.getByRole('form', { name: 'A new closure or event' });
    await user.clear(within(form).getByLabelText('First day'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose the first day')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a title')).toBeInTheDocument();
    expect(within(form).getByLabelText('First day')).toHaveAttribute('aria-invalid', 'true');
    expect(form.textContent).not.toMatch(/Invalid input|YYYY-MM-DD/);
    expect(api.calls('POST')).toEqual([]);
  });

  it('adds a timed public event, and shows the server’s reasons at their fields', async () => {
    const api = mockCalendar('Principle', {
      'POST admin/calendar': answer(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'The request is not valid.',
          details: [{ field: 'place', message: 'The place is too long.' }],
        },
      }),
    });
    const { user } = open(<CalendarScreen manage classes={CLASSES} />);
    await user.click(await screen.findByRole('button', { name: 'Add a closure or an event' }));
    const form = screen.getByRole('form', { name: 'A new closure or event' });
    await user.click(within(form).getByLabelText('Event'));
    await user.type(within(form).getByLabelText('Title'), 'Sports day');
    await user.clear(within(form).getByLabelText('First day'));
    await user.type(within(form).getByLabelText('First day'), '2026-12-11');
    await user.click(within(form).getByLabelText('All day'));
    await user.type(within(form).getByLabelText('Starts at'), '10:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The time must be written as HH:MM')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Ends at'), '12:00');
    await user.click(within(form).getByLabelText('Families are invited'));
    await user.click(within(form).getByLabelText('Show it on the school’s public calendar'));
    await user.type(within(form).getByLabelText('Place'), 'The field');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The place is too long.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Place')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'event',
      title: 'Sports day',
      description: '',
      place: 'The field',
      startDate: '2026-12-11',
      startTime: '10:00',
      endTime: '12:00',
      audience: 'everyone',
      classIds: [],
      familiesInvited: true,
      public: true,
    });
  });

  it('changes an entry with its values filled in, and cancels one once asked', async () => {
    const api = mockCalendar('Principle', {
      'PUT admin/calendar/2': { data: { ...CONCERT, title: 'Winter concert', sequence: 1 } },
      'POST admin/calendar/1/cancellation': { data: { ...HOLIDAY, cancelled: true } },
    });
    const { user } = open(<CalendarScreen manage classes={CLASSES} />);
    await user.click(await screen.findByRole('button', { name: 'Change Carol concert' }));
    const form = screen.getByRole('form', { name: 'Change Carol concert' });
    expect(within(form).getByLabelText('Starts at')).toHaveValue('14:00');
    expect(within(form).getByLabelText('KG')).toBeChecked();
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Winter concert');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/calendar/2']));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      title: 'Winter concert',
      startTime: '14:00',
      endTime: '15:30',
      audience: 'classes',
      classIds: [2],
      familiesInvited: true,
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel Winter holiday' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Winter holiday?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the entry' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/calendar/1/cancellation']));
    // A cancelled entry is not offered for change.
    expect(screen.queryByRole('button', { name: 'Change Book fair' })).toBeNull();
  });
});

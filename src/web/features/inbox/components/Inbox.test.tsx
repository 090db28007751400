import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem } from '../../../../shared/api/admin.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { urlOf } from '../../../test/content-fetch.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { createTestQueryClient, jsonResponse } from '../../../test/render-app.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { Inbox } from './Inbox.js';

const ITEMS: InboxItem[] = [
  {
    kind: 'enquiry',
    id: 2,
    name: 'Asha',
    email: 'asha@example.com',
    subject: 'A visit',
    message: '<b>Friday?</b>',
    createdAt: '2026-11-20T10:00:00.000Z',
    handled: false,
    handledAt: null,
  },
  {
    kind: 'booking',
    id: 1,
    name: 'Ben',
    email: 'ben@example.com',
    className: 'Class 2',
    createdAt: '2026-11-19T10:00:00.000Z',
    handled: true,
    handledAt: '2026-11-19T12:00:00.000Z',
  },
];

function mockInbox({ forbidden = false } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (forbidden) return jsonResponse({ error: { code: 'FORBIDDEN', message: 'No' } }, 403);
    if (url.startsWith('/api/admin/inbox?') || url === '/api/admin/inbox')
      return jsonResponse({ data: ITEMS, meta: { total: 2, unhandled: 1 } });
    if (url === '/api/admin/inbox/enquiry/2' && method === 'PATCH')
      return jsonResponse({ data: { ...ITEMS[0], handled: true, handledAt: '2026-11-21T00:00:00.000Z' } });
    if (url === '/api/admin/newsletter.csv')
      return new Response('\uFEFFname,email,subscribed_at,confirmed_at\r\n', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="newsletter-subscribers-2026-11-21.csv"',
        },
      });
    if (url === '/api/admin/newsletter')
      return jsonResponse({
        data: [
          {
            id: 2,
            name: 'Dev',
            email: 'dev@example.com',
            createdAt: '2026-11-19T10:00:00.000Z',
            confirmed: false,
            confirmedAt: null,
          },
          {
            id: 1,
            name: 'Cara',
            email: 'cara@example.com',
            createdAt: '2026-11-18T10:00:00.000Z',
            confirmed: true,
            confirmedAt: '2026-11-18T10:05:00.000Z',
          },
        ],
      });
    throw new TypeError(`Unexpected ${method} ${url}`);
  });
  return calls;
}

function renderInbox(locale?: 'fr' | 'ar' | 'en-XA') {
  const user = userEvent.setup();
  const inbox = locale ? (
    <I18nProvider translator={testTranslator(locale)}>
      <Inbox />
    </I18nProvider>
  ) : (
    <Inbox />
  );
  const { container } = render(
    <MemoryRouter>
      <QueryClientProvider client={createTestQueryClient()}>
        {inbox}
        <ToastContainer />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { user, container };
}

describe('Inbox', () => {
  it('lists enquiries and bookings newest first, as text, and the subscribers', async () => {
    mockInbox();
    renderInbox();
    const list = within(await screen.findByRole('region', { name: 'Enquiries and bookings' }));
    expect(await list.findByText('Enquiry: A visit')).toBeInTheDocument();
    expect(list.getByText('<b>Friday?</b>')).toBeInTheDocument();
    expect(list.getByText('1 open')).toBeInTheDocument();
    const items = list.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Enquiry: A visit');
    expect(items[1]).toHaveTextContent('Booking: Class 2');
    expect(await screen.findByText(/cara@example.com/)).toBeInTheDocument();
    // Whether each subscriber confirmed the address (only they receive newsletters).
    const subscribers = within(screen.getByRole('region', { name: 'Newsletter subscribers' }));
    const rows = subscribers.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('dev@example.com> Not confirmed yet');
    expect(rows[1]).toHaveTextContent('cara@example.com> Confirmed');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  describe('on a device in another time zone than the school', () => {
    const deviceZone = process.env.TZ;
    afterEach(() => {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    });

    it('shows the times on the school’s clock, as the Outbox does', async () => {
      // Node reads TZ again when it changes: the "browser" is in Tokyo, the school in New York.
      process.env.TZ = 'Asia/Tokyo';
      expect(TEST_SCHOOL.timeZone).toBe('America/New_York');
      mockInbox();
      renderInbox();
      const list = within(await screen.findByRole('region', { name: 'Enquiries and bookings' }));
      const items = await list.findAllByRole('listitem');
      // 10:00 UTC is 05:00 in New York (19:00 in Tokyo).
      expect(items[0]).toHaveTextContent('asha@example.com>, 20 Nov 2026, 05:00');
      expect(items[1]).toHaveTextContent('ben@example.com>, 19 Nov 2026, 05:00');
      const subscribers = within(screen.getByRole('region', { name: 'Newsletter subscribers' }));
      expect(await subscribers.findByText('18 Nov 2026, 05:00')).toBeInTheDocument();
    });
  });

  it('opens an admission case from a contact message on the admissions board (docs/decisions/0105-the-admissions-board.md)', async () => {
    mockInbox();
    renderInbox();
    const open = await screen.findByRole('link', { name: 'Open an admission case from Asha’s message' });
    expect(open).toHaveAttribute('href', '/admissions?new=&enquiry=2');
    expect(open).toHaveTextContent('Open an admission case');
    // A booking is a case already (decision 0102): no such link.
    expect(screen.getAllByRole('link', { name: /Open an admission case/ })).toHaveLength(1);
  });

  it('marks an enquiry handled with PATCH', async () => {
    const calls = mockInbox();
    const { user } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'Mark as handled' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/api/admin/inbox/enquiry/2', body: { handled: true } },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Mark as not handled' })).toBeInTheDocument();
  });

  it('filters by kind and handled', async () => {
    const calls = mockInbox();
    const { user } = renderInbox();
    await screen.findByText('Enquiry: A visit');
    await user.selectOptions(screen.getByLabelText('Kind'), 'booking');
    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/admin/inbox?kind=booking&handled=false'),
    );
  });

  it('exports the subscribers as a CSV file download', async () => {
    const calls = mockInbox();
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('newsletter-subscribers-2026-11-21.csv');
      expect(this.href).toBe('blob:csv');
    });
    const { user } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.url)).toContain('/api/admin/newsletter.csv');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('tells anyone but the principal that the inbox is not theirs', async () => {
    allowConsoleErrors();
    mockInbox({ forbidden: true });
    renderInbox();
    expect(await screen.findByText('Only the principal can read the inbox.')).toBeInTheDocument();
  });

  it('speaks the pseudo-locale everywhere but the senders’ data', async () => {
    mockInbox();
    const { container } = renderInbox('en-XA');
    await screen.findAllByText(/cara@example.com/);
    await screen.findByText(/A visit/);
    expect(
      untranslatedTexts(container.querySelector('.cms') ?? container, [
        'Asha',
        'asha@example.com',
        'A visit',
        '<b>Friday?</b>',
        'Ben',
        'ben@example.com',
        'Class 2',
        'Dev',
        'dev@example.com',
        'Cara',
        'cara@example.com',
        'CSV',
        'Nov',
      ]),
    ).toEqual([]);
  });

  it('speaks French: titles, counts and dates', async () => {
    mockInbox();
    renderInbox('fr');
    const list = within(await screen.findByRole('region', { name: 'Demandes et réservations' }));
    expect(await list.findByText('Demande : A visit')).toBeInTheDocument();
    expect(list.getByText('1 à traiter')).toBeInTheDocument();
    expect(await screen.findByText(/18 nov\. 2026/)).toBeInTheDocument();
  });
});

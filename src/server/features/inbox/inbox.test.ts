import { describe, expect, it, vi } from 'vitest';
import { type InboxItem, InboxListSchema, NEWSLETTER_CSV_COLUMNS } from '../../../shared/api/admin.js';
import { csvCell, toCsv } from '../../lib/csv.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withDemoSchool } from '../../test/school-fixtures.js';
import { newsletterConsentOf } from '../consents/consents.repository.js';
import { bearer, call, nextAddress } from '../users/test-helpers.js';

describe('CSV cells', () => {
  it('quotes only what needs it, doubling quotes', () => {
    expect(csvCell('Ada')).toBe('Ada');
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
    expect(
      toCsv([
        ['a', 'b'],
        ['c, d', 'e'],
      ]),
    ).toBe('a,b\r\n"c, d",e\r\n');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe.each(TEST_ENGINES)('the principal’s inbox on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const post = (url: string, payload: object) =>
    call(t.app, { method: 'POST', url, payload, remoteAddress: nextAddress() });
  const get = (url: string, token = f.tokens.principal) =>
    call(t.app, { url, headers: token ? bearer(token) : {} });
  const patch = (url: string, payload: unknown, token = f.tokens.principal) =>
    call(t.app, { method: 'PATCH', url, payload: payload as object, headers: token ? bearer(token) : {} });

  /**
   * Sends the forms in this order, each a second after the one before on a fake clock (only `Date` is
   * faked: the server and the database run as usual), so that "newest first" is visible. The four
   * are dated in the recent past, so that whatever the test does afterwards on the real clock is
   * newer.
   */
  async function sendInOrder(): Promise<(string | undefined)[]> {
    // Book A Seat takes the names of the school's class cards.
    const cards = (await get('/api/kidsclasses', undefined)).json().data as { heading: string }[];
    const [firstClass, secondClass] = cards.map((card) => card.heading);
    const sends: [string, object][] = [
      ['/api/enquiries', { name: 'First', email: 'first@example.org', subject: 'One', message: 'Oldest' }],
      ['/api/bookings', { name: 'Second', email: 'second@example.org', className: firstClass }],
      ['/api/enquiries', { name: 'Third', email: 'third@example.org', subject: 'Three', message: 'Newer' }],
      ['/api/bookings', { name: 'Fourth', email: 'fourth@example.org', className: secondClass }],
    ];
    const start = Date.now() - 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const [index, [url, body]] of sends.entries()) {
        vi.setSystemTime(start + index * 1_000);
        expect((await post(url, body)).statusCode).toBe(201);
      }
    } finally {
      vi.useRealTimers();
    }
    return [firstClass, secondClass];
  }

  it('lists enquiries and bookings newest first, by kind, and marks them handled', async () => {
    const [, secondClass] = await sendInOrder();

    const all = await get('/api/admin/inbox');
    expect(all.statusCode, all.body).toBe(200);
    const list = InboxListSchema.parse(all.json());
    expect(list.data.map((i) => i.name)).toEqual(['Fourth', 'Third', 'Second', 'First']);
    expect(list.meta).toEqual({ total: 4, unhandled: 4 });
    expect(list.data[1]).toEqual({
      kind: 'enquiry',
      id: expect.any(Number),
      name: 'Third',
      email: 'third@example.org',
      subject: 'Three',
      message: 'Newer',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      handled: false,
      handledAt: null,
    });
    expect(list.data[0]).toMatchObject({ kind: 'booking', className: secondClass, handled: false });

    const enquiries = (await get('/api/admin/inbox?kind=enquiry')).json();
    expect(enquiries.data.map((i: InboxItem) => i.name)).toEqual(['Third', 'First']);
    const bookings = (await get('/api/admin/inbox?kind=booking')).json();
    expect(bookings.data.map((i: InboxItem) => i.name)).toEqual(['Fourth', 'Second']);
    expect(
      (await get('/api/admin/inbox?limit=2&offset=1')).json().data.map((i: InboxItem) => i.name),
    ).toEqual(['Third', 'Second']);

    const first = enquiries.data[1] as InboxItem;
    const marked = await patch(`/api/admin/inbox/enquiry/${first.id}`, { handled: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const handledAt = marked.json().data.handledAt as string;
    expect(marked.json().data).toMatchObject({ id: first.id, kind: 'enquiry', handled: true });
    expect(handledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Marking it again keeps the first date.
    expect(
      (await patch(`/api/admin/inbox/enquiry/${first.id}`, { handled: true })).json().data.handledAt,
    ).toBe(handledAt);

    const open = (await get('/api/admin/inbox?handled=false')).json();
    expect(open.data.map((i: InboxItem) => i.name)).toEqual(['Fourth', 'Third', 'Second']);
    expect(open.meta).toEqual({ total: 3, unhandled: 3 });
    const done = (await get('/api/admin/inbox?handled=true')).json();
    expect(done.data.map((i: InboxItem) => i.name)).toEqual(['First']);
    expect((await get('/api/admin/inbox')).json().meta).toEqual({ total: 4, unhandled: 3 });

    const reopened = await patch(`/api/admin/inbox/enquiry/${first.id}`, { handled: false });
    expect(reopened.json().data).toMatchObject({ handled: false, handledAt: null });
  });

  it('a missing item is a 404 (the id of the other kind included); bad input is a 400', async () => {
    const bookings = (await get('/api/admin/inbox?kind=booking')).json().data as InboxItem[];
    const enquiryIds = new Set(
      ((await get('/api/admin/inbox?kind=enquiry')).json().data as InboxItem[]).map((i) => i.id),
    );
    const bookingOnly = bookings.find((b) => !enquiryIds.has(b.id));
    if (bookingOnly) {
      expect((await patch(`/api/admin/inbox/enquiry/${bookingOnly.id}`, { handled: true })).statusCode).toBe(
        404,
      );
    }
    expect((await patch('/api/admin/inbox/booking/2147483647', { handled: true })).statusCode).toBe(404);
    expect((await patch('/api/admin/inbox/letter/1', { handled: true })).statusCode).toBe(400);
    expect((await patch('/api/admin/inbox/booking/1', { handled: 'yes' })).statusCode).toBe(400);
    expect((await patch('/api/admin/inbox/booking/1', { handled: true, note: 'x' })).statusCode).toBe(400);
    expect((await get('/api/admin/inbox?kind=letter')).statusCode).toBe(400);
    expect((await get('/api/admin/inbox?limit=100000')).statusCode).toBe(400);
  });

  it('only the principal: 401 without a token, 403 for a teacher or a student', async () => {
    const calls: [string, () => Promise<{ statusCode: number }>][] = [];
    for (const token of ['', f.tokens.teacher, f.tokens.student]) {
      const expected = token ? 403 : 401;
      calls.push(
        [`GET inbox ${expected}`, () => get('/api/admin/inbox', token)],
        [`PATCH inbox ${expected}`, () => patch('/api/admin/inbox/enquiry/1', { handled: true }, token)],
        [`GET newsletter ${expected}`, () => get('/api/admin/newsletter', token)],
        [`GET newsletter.csv ${expected}`, () => get('/api/admin/newsletter.csv', token)],
        [
          `DELETE newsletter ${expected}`,
          () =>
            call(t.app, {
              method: 'DELETE',
              url: '/api/admin/newsletter/1',
              headers: token ? bearer(token) : {},
            }),
        ],
      );
    }
    for (const [label, send] of calls) {
      const res = await send();
      expect(res.statusCode, label).toBe(Number(label.split(' ').at(-1)));
    }
  });

  it('lists subscribers and exports them as CSV, formulas neutralised', async () => {
    const subscribers = [
      { name: 'Plain Parent', email: 'plain@example.org' },
      { name: '=HYPERLINK("http://evil.example","Click")', email: 'formula@example.org' },
      { name: 'Smith, Ann', email: '+1@example.org' },
      { name: '@SUM(A1)', email: '-dash@example.org' },
    ];
    for (const s of subscribers) expect((await post('/api/newsletter', s)).statusCode).toBe(201);

    const list = await get('/api/admin/newsletter');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const data = list.json().data as {
      id: number;
      name: string;
      email: string;
      createdAt: string;
      confirmed: boolean;
      confirmedAt: string | null;
    }[];
    // The demo's subscribers (demo/newsletter.ts) are on the list too, confirmed but one.
    const emails = subscribers.map((s) => s.email);
    const ours = data.filter((s) => emails.includes(s.email));
    expect(ours.map((s) => s.email)).toEqual([...emails].reverse());
    expect(ours.map((s) => [s.confirmed, s.confirmedAt])).toEqual(subscribers.map(() => [false, null]));
    const demo = data.filter((s) => !emails.includes(s.email));
    expect(demo.filter((s) => s.confirmed).length).toBeGreaterThan(0);
    expect(demo.filter((s) => s.confirmed).every((s) => s.confirmedAt !== null)).toBe(true);

    const csv = await get('/api/admin/newsletter.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(NEWSLETTER_CSV_COLUMNS.join(','));
    const at = (email: string) => data.find((s) => s.email === email)?.createdAt;
    // Nobody of ours has confirmed yet: confirmed_at is empty.
    expect(lines.slice(1, -1).filter((line) => emails.some((email) => line.includes(email)))).toEqual([
      `'@SUM(A1),'-dash@example.org,${at('-dash@example.org')},`,
      `"Smith, Ann",'+1@example.org,${at('+1@example.org')},`,
      `"'=HYPERLINK(""http://evil.example"",""Click"")",formula@example.org,${at('formula@example.org')},`,
      `Plain Parent,plain@example.org,${at('plain@example.org')},`,
    ]);
    // No cell of the file starts with a formula character.
    for (const line of lines.slice(1, -1)) {
      for (const cell of line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []) {
        expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
      }
    }
  });

  it('removes a subscriber', async () => {
    expect(
      (await post('/api/newsletter', { name: 'Leaving', email: 'leaving@example.org' })).statusCode,
    ).toBe(201);
    const subscriber = (
      (await get('/api/admin/newsletter')).json().data as { id: number; email: string }[]
    ).find((s) => s.email === 'leaving@example.org');
    const url = `/api/admin/newsletter/${subscriber?.id}`;
    expect(
      (await call(t.app, { method: 'DELETE', url, headers: bearer(f.tokens.principal) })).statusCode,
    ).toBe(204);
    expect(
      (await call(t.app, { method: 'DELETE', url, headers: bearer(f.tokens.principal) })).statusCode,
    ).toBe(404);
    const rows = await t.db
      .selectFrom('newsletter_subscriber')
      .select('email')
      .where('email_key', '=', 'leaving@example.org')
      .execute();
    expect(rows).toEqual([]);
    // A confirmed subscriber removed by the principal: their consent is withdrawn in the ledger, by
    // the school (docs/decisions/0111-consent-as-a-ledger.md).
    const confirmed = (
      (await get('/api/admin/newsletter')).json().data as { id: number; email: string; confirmed: boolean }[]
    ).find((s) => s.confirmed);
    if (!confirmed) throw new Error('the demo has confirmed subscribers');
    expect(await newsletterConsentOf(t.db, confirmed.email.toLowerCase())).toBe(true);
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/admin/newsletter/${confirmed.id}`,
      headers: bearer(f.tokens.principal),
    });
    expect(removed.statusCode).toBe(204);
    expect(await newsletterConsentOf(t.db, confirmed.email.toLowerCase())).toBe(false);
    const [latest] = await t.db
      .selectFrom('consent_entry')
      .select(['how', 'by_user'])
      .where('subscriber_email', '=', confirmed.email.toLowerCase())
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(latest).toEqual({ how: 'paper', by_user: f.users.principal });
    // Subscribing again works after removal.
    expect((await post('/api/newsletter', { name: 'Back', email: 'leaving@example.org' })).statusCode).toBe(
      201,
    );
  });

  it('documents the inbox calls in the OpenAPI document', async () => {
    const doc = (await call(t.app, { url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/admin/inbox'].get.tags).toEqual(['Inbox']);
    expect(doc.paths['/api/admin/inbox/{kind}/{id}'].patch.tags).toEqual(['Inbox']);
    expect(doc.paths['/api/admin/newsletter.csv'].get.responses['200'].content).toHaveProperty(['text/csv']);
  });
});

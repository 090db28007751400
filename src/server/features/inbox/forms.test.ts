import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/api/booking.js';
import { ENQUIRY_MESSAGES, EnquirySchema } from '../../../shared/api/enquiry.js';
import { HONEYPOT_FIELD, NEWSLETTER_MESSAGES } from '../../../shared/api/newsletter.js';
import { FORM_RATE_LIMIT } from '../../lib/public-forms.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withTestApp } from '../../test-helpers.js';
import { insertContentRecord } from '../content/content.repository.js';
import { call, nextAddress } from '../users/test-helpers.js';

type FieldError = { field: string; message: string };
const detailsOf = (body: { error: { details?: FieldError[] } }) => body.error.details ?? [];

const ENQUIRY = {
  name: 'Ada Parent',
  email: 'ada@example.org',
  subject: 'Visiting',
  message: 'May we visit on Friday?',
};
const BOOKING = { name: 'Ben Parent', email: 'ben@example.org', className: 'Class 2' };
const SUBSCRIBER = { name: 'Cleo Parent', email: 'Cleo.Parent@Example.org' };

describe.each(TEST_ENGINES)('public forms on %s', (engine) => {
  const t = withTestApp(engine);

  const post = (url: string, payload: unknown, remoteAddress = nextAddress()) =>
    call(t.app, { method: 'POST', url, payload: payload as object, remoteAddress });

  const count = async (table: 'enquiry' | 'booking' | 'newsletter_subscriber') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('POST /api/enquiries stores a valid enquiry (trimmed) and answers 201', async () => {
    const res = await post('/api/enquiries', { ...ENQUIRY, name: '  Ada Parent ', [HONEYPOT_FIELD]: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { received: true } });
    const rows = await t.db.selectFrom('enquiry').selectAll().execute();
    expect(rows).toEqual([
      { id: expect.any(Number), ...ENQUIRY, created_at: expect.any(String), handled_at: null },
    ]);
  });

  it('POST /api/bookings stores a valid booking and answers 201', async () => {
    const res = await post('/api/bookings', BOOKING);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.selectFrom('booking').selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        name: BOOKING.name,
        email: BOOKING.email,
        class_name: 'Class 2',
        created_at: expect.any(String),
        handled_at: null,
      },
    ]);
  });

  it('POST /api/newsletter: 201 for a new email, 200 and no second row for the same one in any case', async () => {
    const first = await post('/api/newsletter', SUBSCRIBER);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/newsletter', { name: 'Someone Else', email: 'cleo.parent@EXAMPLE.org' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { received: true } });
    const rows = await t.db.selectFrom('newsletter_subscriber').selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        name: SUBSCRIBER.name,
        email: SUBSCRIBER.email,
        email_key: 'cleo.parent@example.org',
        created_at: expect.any(String),
        // Unconfirmed until the link of the confirmation mail is opened (features/newsletter).
        confirmed_at: null,
        // The confirmation link's token only as its hash (docs/decisions/0037-no-live-secret-at-rest.md).
        token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        // The request's language, for the subscriber's mails (docs/decisions/0061-server-messages-in-the-request-language.md).
        language: 'en',
      },
    ]);
  });

  it('invalid forms are 400 with one detail per field, in the messages the browser shows', async () => {
    const before = [await count('enquiry'), await count('booking'), await count('newsletter_subscriber')];

    const enquiry = await post('/api/enquiries', {
      name: ' ',
      email: 'not-an-email',
      subject: '',
      message: '',
    });
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json().error.code).toBe('VALIDATION_FAILED');
    expect(detailsOf(enquiry.json())).toEqual([
      { field: 'name', message: ENQUIRY_MESSAGES.enterName },
      { field: 'email', message: ENQUIRY_MESSAGES.invalidEmail },
      { field: 'subject', message: ENQUIRY_MESSAGES.enterSubject },
      { field: 'message', message: ENQUIRY_MESSAGES.enterMessage },
    ]);
    // The same schema in the browser gives the same messages.
    const browser = EnquirySchema.safeParse({ name: ' ', email: 'not-an-email', subject: '', message: '' });
    expect(browser.error?.issues.map((i) => i.message)).toEqual(
      detailsOf(enquiry.json()).map((d) => d.message),
    );

    const tooLong = await post('/api/enquiries', { ...ENQUIRY, message: 'x'.repeat(5001) });
    expect(detailsOf(tooLong.json())).toEqual([
      { field: 'message', message: ENQUIRY_MESSAGES.messageTooLong },
    ]);

    const booking = await post('/api/bookings', { name: 'Ben', email: '', className: '' });
    expect(booking.statusCode).toBe(400);
    expect(detailsOf(booking.json())).toEqual([
      { field: 'email', message: BOOKING_MESSAGES.enterEmail },
      { field: 'className', message: BOOKING_MESSAGES.selectClass },
    ]);

    const newsletter = await post('/api/newsletter', { email: 'x@example.org' });
    expect(newsletter.statusCode).toBe(400);
    expect(detailsOf(newsletter.json())).toEqual([{ field: 'name', message: NEWSLETTER_MESSAGES.enterName }]);

    for (const url of ['/api/enquiries', '/api/bookings', '/api/newsletter']) {
      const notJson = await call(t.app, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
        remoteAddress: nextAddress(),
      });
      expect(notJson.statusCode, url).toBe(400);
    }
    expect([await count('enquiry'), await count('booking'), await count('newsletter_subscriber')]).toEqual(
      before,
    );
  });

  it('a filled honeypot gets the same 201 and nothing is stored, even with other mistakes', async () => {
    const before = [await count('enquiry'), await count('booking'), await count('newsletter_subscriber')];
    const trap = { [HONEYPOT_FIELD]: 'https://spam.example' };
    for (const [url, body] of [
      ['/api/enquiries', { ...ENQUIRY, ...trap }],
      ['/api/bookings', { ...BOOKING, ...trap }],
      ['/api/newsletter', { name: 'Robot', email: 'robot@example.org', ...trap }],
      ['/api/enquiries', { name: '', email: 'nope', ...trap }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(201);
      expect(res.json()).toEqual({ data: { received: true } });
    }
    expect([await count('enquiry'), await count('booking'), await count('newsletter_subscriber')]).toEqual(
      before,
    );
  });

  it(`rate limits each form per address: ${FORM_RATE_LIMIT.max} sends, then 429 with Retry-After`, async () => {
    const address = nextAddress();
    for (let i = 0; i < FORM_RATE_LIMIT.max; i += 1) {
      const res = await post('/api/bookings', BOOKING, address);
      expect(res.statusCode).toBe(201);
    }
    const limited = await post('/api/bookings', BOOKING, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.json().error.message).toMatch(/^Too many messages from this address/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Invalid sends count too, and the limit holds for the honeypot (a robot learns nothing).
    expect((await post('/api/bookings', { ...BOOKING, [HONEYPOT_FIELD]: 'x' }, address)).statusCode).toBe(
      429,
    );
    // Another address, or another form from the same address, is not affected.
    expect((await post('/api/bookings', BOOKING)).statusCode).toBe(201);
    expect((await post('/api/enquiries', ENQUIRY, address)).statusCode).toBe(201);
  });

  it('documents the forms in the OpenAPI document with the shared schemas', async () => {
    const doc = (await call(t.app, { url: '/api/openapi.json' })).json();
    for (const path of ['/api/enquiries', '/api/bookings', '/api/newsletter']) {
      const op = doc.paths[path].post;
      expect(op.tags).toEqual(['Forms']);
      expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty(HONEYPOT_FIELD);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    }
    expect(doc.paths['/api/newsletter'].post.responses).toHaveProperty('200');
  });

  it('Book A Seat takes the original Class 1-3 from a school without class cards, else only its cards’ names', async () => {
    const unknown = await post('/api/bookings', { ...BOOKING, className: 'Class 9' });
    expect(unknown.statusCode).toBe(400);
    expect(detailsOf(unknown.json())).toEqual([
      { field: 'className', message: BOOKING_MESSAGES.selectClass },
    ]);
    const before = await count('booking');
    expect((await post('/api/bookings', { ...BOOKING, className: 'Class 3' })).statusCode).toBe(201);

    await t.db.transaction().execute(async (trx) => {
      await insertContentRecord(
        trx,
        'kidsclasses',
        {
          title: 'Little Painters',
          description: 'Colour and play.',
          ageOfKids: '3 - 5 Years',
          totalSeats: '20 Seats',
          classTime: '9 - 11 am',
          tuitionFee: '$200 / Month',
          classId: '',
        },
        [],
      );
    });
    try {
      const spec = await post('/api/bookings', { ...BOOKING, className: 'Class 3' });
      expect(spec.statusCode).toBe(400);
      expect(detailsOf(spec.json())).toEqual([{ field: 'className', message: BOOKING_MESSAGES.selectClass }]);
      expect((await post('/api/bookings', { ...BOOKING, className: ' Little Painters ' })).statusCode).toBe(
        201,
      );
      // The two accepted ones were stored, the refused ones not.
      expect(await count('booking')).toBe(before + 2);
    } finally {
      await t.db.deleteFrom('content_record').where('collection', '=', 'kidsclasses').execute();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { EnquiryItemSchema, InboxListSchema } from '../../shared/api/admin.js';
import {
  CONTACT_FORM_POST,
  NEWSLETTER_FORM_POST,
  NEWSLETTER_PAGE_FIELD,
  returnPageOf,
} from '../../shared/api/form-posts.js';
import { HONEYPOT_FIELD } from '../../shared/api/newsletter.js';
import { bearer, call, nextAddress } from '../features/users/test-helpers.js';
import { TEST_ENGINES } from '../test/databases.js';
import { withDemoSchool } from '../test/school-fixtures.js';
import { FORM_RATE_LIMIT } from './public-forms.js';

const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };
const encoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the page a newsletter form post goes back to', () => {
  it('is the sent page of this site with its query, without old outcomes; anything else is the home page', () => {
    expect(returnPageOf('/gallery')).toBe('/gallery');
    expect(returnPageOf('/blogdetail?post=3&newsletter=invalidEmail&contact=sent')).toBe(
      '/blogdetail?post=3',
    );
    for (const sent of [
      undefined,
      42,
      '',
      'gallery',
      '//evil.example/contact',
      '/\\evil.example',
      'https://evil.example/',
      '/no-such-page',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(returnPageOf(sent), String(sent)).toBe('/');
    }
  });
});

describe.each(TEST_ENGINES)('the public forms without JavaScript on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const postForm = (url: string, fields: Record<string, string>, remoteAddress = nextAddress()) =>
    call(t.app, { method: 'POST', url, headers: FORM_TYPE, payload: encoded(fields), remoteAddress });

  const count = async (table: 'enquiry' | 'newsletter_subscriber' | 'mail_outbox') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stored = async () => [
    await count('enquiry'),
    await count('newsletter_subscriber'),
    await count('mail_outbox'),
  ];

  const CONTACT = {
    name: 'Asha Patel',
    email: 'asha@example.com',
    subject: `A visit without JavaScript ${engine}`,
    message: 'Could we visit on Friday?\r\nWe are free after 10 — merci!',
    [HONEYPOT_FIELD]: '',
  };

  it('POST /contact stores the message for the principal’s inbox and answers 303 to the confirmation', async () => {
    const res = await postForm('/contact', CONTACT);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/contact?contact=sent#contact-form');
    expect(res.headers['cache-control']).toBe('no-store');

    const inbox = await call(t.app, {
      url: '/api/admin/inbox?kind=enquiry',
      headers: bearer(f.tokens.principal),
    });
    expect(inbox.statusCode).toBe(200);
    const items = InboxListSchema.parse(inbox.json()).data.filter(
      (item) => item.kind === 'enquiry' && item.subject === CONTACT.subject,
    );
    expect(items).toHaveLength(1);
    expect(EnquiryItemSchema.parse(items[0])).toMatchObject({
      name: 'Asha Patel',
      email: 'asha@example.com',
      // URL-encoded line breaks and letters arrive as typed.
      message: 'Could we visit on Friday?\r\nWe are free after 10 — merci!',
      handled: false,
    });
  });

  it('POST /newsletter subscribes unconfirmed, queues the confirmation mail and goes back to the page', async () => {
    const email = `nojs.${engine}@example.org`;
    const res = await postForm('/newsletter', {
      name: 'Noor Parent',
      email,
      [HONEYPOT_FIELD]: '',
      [NEWSLETTER_PAGE_FIELD]: '/blogdetail?post=2',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/blogdetail?post=2&newsletter=subscribed#newsletter');

    const row = await t.db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .where('email_key', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'status'])
      .where('to_address', '=', email)
      .execute();
    expect(mails).toEqual([{ kind: 'newsletter-confirm', to_address: email, status: 'waiting' }]);

    // The same address again: said so, and no second subscriber.
    const again = await postForm('/newsletter', { name: 'Noor', email: email.toUpperCase() });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/?newsletter=alreadySubscribed#newsletter');
    expect(
      await t.db.selectFrom('newsletter_subscriber').select('id').where('email_key', '=', email).execute(),
    ).toHaveLength(1);
  });

  it('bad input: 303 to the page naming each mistake, and nothing stored', async () => {
    const before = await stored();

    const contact = await postForm('/contact', {
      name: ' ',
      email: 'not-an-email',
      subject: 'Hi',
      message: '',
    });
    expect(contact.statusCode).toBe(303);
    const location = new URL(contact.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/contact');
    expect(location.hash).toBe('#contact-form');
    expect(location.searchParams.getAll('contact')).toEqual(['enterName', 'invalidEmail', 'enterMessage']);
    // Codes only: nothing the visitor typed is in the URL.
    expect(contact.headers.location).not.toContain('Hi');

    const tooLong = await postForm('/contact', { ...CONTACT, message: 'x'.repeat(5001) });
    expect(tooLong.headers.location).toBe('/contact?contact=messageTooLong#contact-form');

    const nothing = await postForm('/contact', {});
    expect(new URL(nothing.headers.location as string, 'http://x').searchParams.getAll('contact')).toEqual([
      'enterName',
      'enterEmail',
      'enterSubject',
      'enterMessage',
    ]);

    const newsletter = await postForm('/newsletter', {
      name: 'Noor',
      email: 'noor-at-example',
      [NEWSLETTER_PAGE_FIELD]: 'https://evil.example/',
    });
    expect(newsletter.statusCode).toBe(303);
    expect(newsletter.headers.location).toBe('/?newsletter=invalidEmail#newsletter');

    expect(await stored()).toEqual(before);
  });

  it('a filled honeypot looks sent, and nothing is stored', async () => {
    const before = await stored();
    const contact = await postForm('/contact', { ...CONTACT, [HONEYPOT_FIELD]: 'https://spam.example' });
    expect(contact.statusCode).toBe(303);
    expect(contact.headers.location).toBe('/contact?contact=sent#contact-form');
    const newsletter = await postForm('/newsletter', {
      name: 'Robot',
      email: 'robot@example.org',
      [HONEYPOT_FIELD]: 'x',
      [NEWSLETTER_PAGE_FIELD]: '/about',
    });
    expect(newsletter.headers.location).toBe('/about?newsletter=subscribed#newsletter');
    expect(await stored()).toEqual(before);
  });

  it('shares the limit per address with the JSON call; over it, 303 to “too many”, nothing stored', async () => {
    const address = nextAddress();
    for (let i = 0; i < FORM_RATE_LIMIT.max - 1; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/enquiries',
        payload: { ...CONTACT, subject: `Limit ${i}` },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await postForm('/contact', CONTACT, address)).headers.location).toBe(
      '/contact?contact=sent#contact-form',
    );
    const before = await stored();
    const limited = await postForm('/contact', CONTACT, address);
    expect(limited.statusCode).toBe(303);
    expect(limited.headers.location).toBe('/contact?contact=tooMany#contact-form');
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/enquiries',
      payload: CONTACT,
      remoteAddress: address,
    });
    expect(json.statusCode).toBe(429);
    // The newsletter form counts on its own.
    const newsletter = await postForm(
      '/newsletter',
      { name: 'Ola', email: `ola.${engine}@example.org` },
      address,
    );
    expect(newsletter.headers.location).toBe('/?newsletter=subscribed#newsletter');
    expect(await stored()).toEqual([before[0], (before[1] as number) + 1, (before[2] as number) + 1]);
  });

  it('a body it cannot read is a 303 to “failed”, never an error page', async () => {
    const before = await stored();
    const cases = [
      { headers: { 'content-type': 'text/plain' }, payload: 'name=Asha' },
      { headers: FORM_TYPE, payload: `message=${'x'.repeat(70 * 1024)}` },
      { headers: { 'content-type': 'application/json' }, payload: '{"name":' },
    ];
    for (const { headers, payload } of cases) {
      const res = await call(t.app, { method: 'POST', url: '/contact', headers, payload });
      expect(res.statusCode, headers['content-type']).toBe(303);
      expect(res.headers.location).toBe('/contact?contact=failed#contact-form');
    }
    const newsletter = await call(t.app, {
      method: 'POST',
      url: '/newsletter',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(newsletter.headers.location).toBe('/?newsletter=failed#newsletter');
    expect(await stored()).toEqual(before);
  });

  it('the pages stay what they were: GET /contact is the app, the form posts are not in the API document', async () => {
    const page = await call(t.app, { url: '/contact' });
    expect(page.statusCode).not.toBe(404);
    const doc = (await call(t.app, { url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain(CONTACT_FORM_POST.action);
    expect(Object.keys(doc.paths)).not.toContain(NEWSLETTER_FORM_POST.action);
  });
});

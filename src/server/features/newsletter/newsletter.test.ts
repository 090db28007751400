import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES, NewsletterIssueSchema } from '../../../shared/api/mail.js';
import { HONEYPOT_FIELD, NewsletterIssueListSchema } from '../../../shared/api/newsletter.js';
import { DEMO_SUBSCRIBERS } from '../../demo/newsletter.js';
import { hashToken } from '../../lib/secret-token.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import type { CapturedMail } from '../../test/smtp-capture.js';
import { newsletterConsentOf } from '../consents/consents.repository.js';
import { readSettings } from '../settings/settings.repository.js';
import { bearer, call, nextAddress } from '../users/test-helpers.js';
import { LINK_RATE_LIMIT } from './newsletter.routes.js';
import { paragraphsOf } from './newsletter.service.js';

/** A header as the SMTP server received it (unfolded), e.g. `List-Unsubscribe`. */
function rawHeader(mail: CapturedMail | undefined, name: string): string | undefined {
  const line = mail?.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(name.length + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/** The `?token=` of the first link to `path` in a text. */
function tokenIn(text: string | undefined, path: string): string {
  const escaped = path.replace(/[/.?]/g, (c) => `\\${c}`);
  const match = new RegExp(`https://school\\.test${escaped}\\?token=([\\w-]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

describe('a newsletter’s text in paragraphs', () => {
  it('parts on blank lines (spaces on them too), keeps single line breaks, drops empty ones', () => {
    expect(paragraphsOf('One\r\nstill one\r\n\r\n  Two  \n \n\n\nThree\n\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });
});

describe.each(TEST_ENGINES)('the newsletter, through a real SMTP server, on %s', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  const subscribe = (body: object) =>
    call(t.app, { method: 'POST', url: '/api/newsletter', payload: body, remoteAddress: nextAddress() });
  const newsletterEntries = async (email: string) =>
    (
      await t.db
        .selectFrom('consent_entry')
        .select(['given', 'how', 'by_name', 'at'])
        .where('subscriber_email', '=', email.toLowerCase())
        .where('kind', '=', 'newsletter')
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, given: Number(row.given) }));
  const link = (path: 'confirm' | 'unsubscribe', payload: unknown) =>
    call(t.app, {
      method: 'POST',
      url: `/api/newsletter/${path}`,
      payload: payload as object,
      remoteAddress: nextAddress(),
    });
  const send = (payload: object, token = f.tokens.principal) =>
    call(t.app, { method: 'POST', url: '/api/admin/newsletters', payload, headers: bearer(token) });
  const subscriber = (email: string) =>
    t.db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .where('email_key', '=', email.toLowerCase())
      .executeTakeFirst();
  const countOf = async (table: 'newsletter_subscriber' | 'mail_outbox' | 'newsletter_issue') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const schoolName = async () => (await readSettings(t.db)).name;

  const CLEO = { name: 'Cleo Parent', email: 'Cleo.Parent@example.org' };
  const DANA = { name: 'Dana Unconfirmed', email: 'dana@example.org' };

  it('subscribing stores the address unconfirmed and mails it the confirmation link', async () => {
    const res = await subscribe(CLEO);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { received: true } });
    const row = await subscriber(CLEO.email);
    expect(row?.confirmed_at).toBeNull();
    // Only the hash of the link's token is stored (docs/decisions/0037-no-live-secret-at-rest.md).
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await sendMail(t)).toBe(1);
    const [mail] = smtp.to(CLEO.email);
    const name = await schoolName();
    expect(mail?.subject).toBe(`Please confirm your subscription to the ${name} newsletter`);
    // A greeting without the name typed into the form (newsletter-confirmations.test.ts).
    expect(mail?.text).toContain('Hello,');
    expect(mail?.text).not.toContain(CLEO.name);
    expect(mail?.text).toContain(name);
    const token = tokenIn(mail?.text, '/newsletter/confirm');
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(hashToken(token)).toBe(row?.token_hash);
    expect(tokenIn(mail?.html, '/newsletter/confirm')).toBe(token);
    expect(mail?.html).not.toMatch(/<img/i);
    // Not a newsletter: no unsubscribe header.
    expect(rawHeader(mail, 'List-Unsubscribe')).toBeUndefined();
  });

  it('subscribing again while unconfirmed mails the link again, but at most once an hour', async () => {
    expect((await subscribe({ ...CLEO, email: 'cleo.parent@EXAMPLE.org' })).statusCode).toBe(200);
    expect(await sendMail(t)).toBe(0);

    // An hour and more later, the address gets a link once more (a new one: only hashes are kept).
    await t.db
      .updateTable('mail_outbox')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('kind', '=', 'newsletter-confirm')
      .where('to_address', '=', CLEO.email)
      .execute();
    expect((await subscribe(CLEO)).statusCode).toBe(200);
    expect((await subscribe(CLEO)).statusCode).toBe(200);
    expect(await sendMail(t)).toBe(1);
    const mails = smtp.to(CLEO.email);
    expect(mails).toHaveLength(2);
    expect(hashToken(tokenIn(mails[1]?.text, '/newsletter/confirm'))).toBe(
      (await subscriber(CLEO.email))?.token_hash,
    );
    // Nothing else changed: one row, the first name.
    expect((await subscriber(CLEO.email))?.name).toBe(CLEO.name);
  });

  it('confirms from the link (twice is fine); an unknown or missing token is refused', async () => {
    const token = tokenIn(smtp.to(CLEO.email).at(-1)?.text, '/newsletter/confirm');
    const res = await link('confirm', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { message: MAIL_MESSAGES.subscriptionConfirmed } });
    const confirmedAt = (await subscriber(CLEO.email))?.confirmed_at;
    expect(confirmedAt).toEqual(expect.any(String));

    const again = await link('confirm', { token });
    expect(again.statusCode).toBe(200);
    expect((await subscriber(CLEO.email))?.confirmed_at).toBe(confirmedAt);
    // The consent ledger has the one confirmation, through the link (docs/decisions/0111-consent-as-a-ledger.md).
    expect(await newsletterEntries(CLEO.email)).toEqual([
      { given: 1, how: 'newsletter-link', by_name: CLEO.email, at: confirmedAt },
    ]);
    expect(await newsletterConsentOf(t.db, CLEO.email.toLowerCase())).toBe(true);

    const unknown = await link('confirm', { token: 'not-a-real-token-at-all-00000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'LINK_INVALID',
      message: MAIL_MESSAGES.confirmLinkInvalid,
    });
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 42 }]) {
      expect((await link('confirm', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('a filled honeypot stores nothing and mails nothing', async () => {
    const before = [await countOf('newsletter_subscriber'), await countOf('mail_outbox')];
    const res = await subscribe({
      name: 'Robot',
      email: 'robot@example.org',
      [HONEYPOT_FIELD]: 'https://spam.example',
    });
    expect(res.statusCode).toBe(201);
    expect([await countOf('newsletter_subscriber'), await countOf('mail_outbox')]).toEqual(before);
    expect(await sendMail(t)).toBe(0);
    expect(smtp.to('robot@example.org')).toEqual([]);
  });

  it('sends a newsletter to every confirmed subscriber only, with the one-click unsubscribe headers', async () => {
    expect((await subscribe(DANA)).statusCode).toBe(201);
    await sendMail(t);
    const confirmedDemo = DEMO_SUBSCRIBERS.filter((s) => s.confirmed);
    const unconfirmedDemo = DEMO_SUBSCRIBERS.filter((s) => !s.confirmed);
    expect(unconfirmedDemo.length).toBeGreaterThan(0);

    const list = await call(t.app, { url: '/api/admin/newsletters', headers: bearer(f.tokens.principal) });
    expect(NewsletterIssueListSchema.parse(list.json())).toEqual({
      data: [],
      confirmedSubscribers: confirmedDemo.length + 1,
    });

    const before = smtp.mails.length;
    const res = await send({
      subject: '  Sports day on Friday ',
      text: 'Bring a hat & water.\nParents welcome <from 10>.\n\nSee you there!',
    });
    expect(res.statusCode, res.body).toBe(201);
    const issue = NewsletterIssueSchema.parse(res.json().data);
    expect(issue).toMatchObject({
      subject: 'Sports day on Friday',
      text: 'Bring a hat & water.\nParents welcome <from 10>.\n\nSee you there!',
      recipients: confirmedDemo.length + 1,
      sentBy: expect.any(String),
    });

    expect(await sendMail(t)).toBe(confirmedDemo.length + 1);
    const newsletters = smtp.mails.slice(before);
    expect(newsletters.map((m) => m.envelopeTo[0]?.toLowerCase()).sort()).toEqual(
      [...confirmedDemo.map((s) => s.email), CLEO.email.toLowerCase()].sort(),
    );
    for (const absent of [DANA.email, ...unconfirmedDemo.map((s) => s.email)]) {
      expect(
        smtp.to(absent).filter((m) => m.subject === 'Sports day on Friday'),
        absent,
      ).toEqual([]);
    }

    const mail = newsletters.find((m) => m.envelopeTo[0] === CLEO.email);
    const token = tokenIn(mail?.text, '/newsletter/unsubscribe');
    const name = await schoolName();
    expect(mail?.subject).toBe('Sports day on Friday');
    expect(rawHeader(mail, 'List-Unsubscribe')).toBe(
      `<https://school.test/api/newsletter/unsubscribe?token=${token}>`,
    );
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Both parts, the same words: greeting, the text's paragraphs, the school, why it came, the way out.
    expect(mail?.parsed.text).toBeTruthy();
    expect(mail?.parsed.html).toBeTruthy();
    expect(mail?.text).toContain('Dear Cleo Parent,');
    expect(mail?.text).toContain('Bring a hat & water.\nParents welcome <from 10>.\n\nSee you there!');
    expect(mail?.text).toContain(name);
    expect(mail?.text).toContain(`subscribed to it on the website of ${name} with ${CLEO.email}`);
    // A token of this newsletter's own, of which only the hash is stored.
    expect(token).not.toBe(tokenIn(smtp.to(CLEO.email)[0]?.text, '/newsletter/confirm'));
    const stored = await t.db.selectFrom('newsletter_unsubscribe').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(token));
    expect(mail?.html).toContain(
      '<p style="margin:0 0 16px">Bring a hat &amp; water.<br>Parents welcome &lt;from 10&gt;.</p>',
    );
    expect(mail?.html).toContain('<p style="margin:0 0 16px">See you there!</p>');
    expect(mail?.html).toContain(`>${name.replace(/&/g, '&amp;')}<`);
    expect(mail?.html).toContain(`href="https://school.test/newsletter/unsubscribe?token=${token}"`);
    expect(mail?.html).not.toMatch(/<img|src="http/i);

    const listed = await call(t.app, { url: '/api/admin/newsletters', headers: bearer(f.tokens.principal) });
    expect(listed.json().data).toEqual([issue]);
  });

  it('one click in the mail program unsubscribes at once; the next newsletter does not reach them', async () => {
    const [mail] = smtp.to(CLEO.email).filter((m) => m.subject === 'Sports day on Friday');
    const url = new URL(/^<(.+)>$/.exec(rawHeader(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '');
    expect(url.origin).toBe('https://school.test');

    const oneClick = () =>
      call(t.app, {
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: nextAddress(),
      });
    const res = await oneClick();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { message: MAIL_MESSAGES.unsubscribed } });
    expect(await subscriber(CLEO.email)).toBeUndefined();
    // Withdrawn in the consent ledger, through the link.
    expect((await newsletterEntries(CLEO.email)).map((e) => [e.given, e.how])).toEqual([
      [1, 'newsletter-link'],
      [0, 'newsletter-link'],
    ]);
    expect(await newsletterConsentOf(t.db, CLEO.email.toLowerCase())).toBe(false);

    const again = await oneClick();
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({
      code: 'LINK_INVALID',
      message: MAIL_MESSAGES.unsubscribeLinkInvalid,
    });

    const before = smtp.mails.length;
    const res2 = await send({ subject: 'Term dates', text: 'The term ends on the 18th.' });
    expect(res2.json().data.recipients).toBe(DEMO_SUBSCRIBERS.filter((s) => s.confirmed).length);
    await sendMail(t);
    const sent = smtp.mails.slice(before);
    expect(sent.length).toBe(res2.json().data.recipients);
    expect(smtp.to(CLEO.email).filter((m) => m.subject === 'Term dates')).toEqual([]);
  });

  it('unsubscribes from the page (JSON) and from a multipart one-click form; bad tokens are 4xx', async () => {
    const [farida, tom] = DEMO_SUBSCRIBERS;
    const faridaToken = tokenIn(smtp.to(farida.email).at(-1)?.text, '/newsletter/unsubscribe');
    const page = await link('unsubscribe', { token: faridaToken });
    expect(page.statusCode, page.body).toBe(200);
    expect(await subscriber(farida.email)).toBeUndefined();

    const tomToken = tokenIn(smtp.to(tom.email).at(-1)?.text, '/newsletter/unsubscribe');
    const boundary = '----schoolyard-test';
    const multipart = await call(t.app, {
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${tomToken}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      remoteAddress: nextAddress(),
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await subscriber(tom.email)).toBeUndefined();

    for (const [label, options] of [
      ['no token at all', { payload: {} }],
      ['an empty token', { payload: { token: '' } }],
      ['a token that is too long', { payload: { token: 'x'.repeat(201) } }],
      ['an unknown token', { payload: { token: 'unknown-token-unknown-token-0000' } }],
      [
        'an unknown one-click token',
        {
          url: '/api/newsletter/unsubscribe?token=nope',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        },
      ],
      [
        'a one-click form without a token',
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        },
      ],
    ] as const) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        remoteAddress: nextAddress(),
        ...(options as object),
      });
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
    }
  });

  it('an unsubscribe also drops the newsletter still waiting for that address', async () => {
    const [, , mei] = DEMO_SUBSCRIBERS;
    const res = await send({ subject: 'Waiting one', text: 'Held back by the mail server.' });
    expect(res.statusCode).toBe(201);
    // The link of an earlier newsletter: each newsletter's own token keeps working.
    const token = tokenIn(smtp.to(mei.email)[0]?.text, '/newsletter/unsubscribe');
    expect((await link('unsubscribe', { token })).statusCode).toBe(200);
    await sendMail(t);
    expect(smtp.to(mei.email).filter((m) => m.subject === 'Waiting one')).toEqual([]);
    const waiting = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', mei.email)
      .where('status', '=', 'waiting')
      .execute();
    expect(waiting).toEqual([]);
  });

  it('checks the newsletter, lets only the principal send, and answers 409 with nobody to send to', async () => {
    const issues = await countOf('newsletter_issue');
    const mails = await countOf('mail_outbox');
    const empty = await send({ subject: ' ', text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { field: 'subject', message: MAIL_MESSAGES.enterSubject },
      { field: 'text', message: MAIL_MESSAGES.enterText },
    ]);
    const twoLines = await send({ subject: 'One\r\nBcc: someone@example.org', text: 'Hi' });
    expect(twoLines.statusCode).toBe(400);
    expect((await send({ subject: 'Hi', text: 'x'.repeat(20_001) })).json().error.details).toEqual([
      { field: 'text', message: MAIL_MESSAGES.textTooLong },
    ]);
    expect((await send({ subject: 'Hi', text: 'Hi' }, f.tokens.teacher)).statusCode).toBe(403);
    expect((await send({ subject: 'Hi', text: 'Hi' }, f.tokens.parent)).statusCode).toBe(403);

    await t.db.updateTable('newsletter_subscriber').set({ confirmed_at: null }).execute();
    const nobody = await send({ subject: 'Hi', text: 'Hi' });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().error).toMatchObject({
      code: 'NO_SUBSCRIBERS',
      message: MAIL_MESSAGES.noSubscribers,
    });
    expect([await countOf('newsletter_issue'), await countOf('mail_outbox')]).toEqual([issues, mails]);
  });

  it(`rate limits the links per address: ${LINK_RATE_LIMIT.max} calls, then 429`, async () => {
    const address = nextAddress();
    for (let i = 0; i < LINK_RATE_LIMIT.max; i += 1) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/newsletter/confirm',
        payload: { token: 'unknown-token' },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(404);
    }
    const limited = await call(t.app, {
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token: 'unknown-token' },
      remoteAddress: address,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves the other routes’ bodies alone: a URL-encoded form elsewhere is still refused', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=abc',
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(415);
    const enquiry = await call(t.app, {
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a',
      remoteAddress: nextAddress(),
    });
    expect(enquiry.statusCode).toBe(415);
  });
});

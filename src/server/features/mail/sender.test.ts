import { describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { callAs } from '../../test/school-fixtures.js';
import { composeMail, mailLink } from './compose.js';
import { queueMails } from './mail.service.js';
import { enqueueMails } from './outbox.repository.js';
import { backoffMs, MAX_ATTEMPTS, MailSender, STALE_REASON } from './sender.js';
import { smtpTransport } from './transport.js';

describe.each(TEST_ENGINES)('the outbox and its sender (%s)', (engine) => {
  const { t, smtp } = withMailingDemoSchool(engine);

  const queue = (address: string, subject: string) =>
    enqueueMails(
      t.db,
      [
        composeMail('Sunshine Kindergarten', {
          kind: 'notification',
          to: { address, name: 'A Parent' },
          subject,
          greeting: 'Dear A Parent,',
          paragraphs: ['Line <one> & "two"'],
          action: { label: 'Open it', url: 'https://school.test/notification' },
        }),
      ],
      'school.test',
    );

  it('sends a queued mail once, in text and HTML, with its stored Message-ID', async () => {
    const [id] = await queue('one@example.org', 'First');
    expect(await sendMail(t)).toBe(1);
    const [mail] = smtp.to('one@example.org');
    const row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id ?? 0)
      .executeTakeFirstOrThrow();
    expect(mail?.messageId).toBe(row.message_id);
    expect(row.status).toBe('sent');
    expect(mail?.subject).toBe('First');
    expect(mail?.text).toContain('Line <one> & "two"');
    expect(mail?.html).toContain('Line &lt;one&gt; &amp; &quot;two&quot;');
    expect(mail?.html).not.toMatch(/<img/i);
    // Sending again finds nothing due.
    expect(await sendMail(t)).toBe(0);
    expect(smtp.to('one@example.org')).toHaveLength(1);
  });

  it('keeps a refused mail waiting with back-off, and fails it at once on a permanent refusal', async () => {
    const [later] = await queue('later@example.org', 'Later');
    smtp.refuseNext(1, 451);
    expect(await sendMail(t)).toBe(0);
    const waiting = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', later ?? 0)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe('waiting');
    expect(waiting.attempts).toBe(1);
    expect(waiting.last_error).toContain('451');
    expect(waiting.next_attempt_at > new Date().toISOString()).toBe(true);

    const [never] = await queue('never@example.org', 'Never');
    smtp.refuseNext(1, 550);
    await sendMail(t);
    const failed = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', never ?? 0)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
  });
});

describe.each(TEST_ENGINES)('links made when the mail is sent (%s)', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);
  const quiet = { warn: () => {}, error: () => {} };

  it('carry the PUBLIC_URL of the moment the mail leaves, not of when it was queued', async () => {
    const queuedWith = t.app.config.mail;
    expect(queuedWith.publicUrl).toBe('https://school.test');
    const [id] = await queueMails(t.db, queuedWith, [
      {
        kind: 'newsletter',
        to: { address: 'moved@example.org', name: 'A & B' },
        subject: 'The school moved',
        paragraphs: ['News.'],
        action: { label: 'Open it', url: mailLink(queuedWith, '/notification') },
        unsubscribe: {
          page: mailLink(queuedWith, '/newsletter/unsubscribe', { token: 'k1' }),
          oneClick: mailLink(queuedWith, '/api/newsletter/unsubscribe', { token: 'k1' }),
        },
      },
    ]);
    // The server restarts with the school's own address (and a query-looking path, to see it escaped).
    const now = { ...queuedWith, publicUrl: 'https://new.example/site?a=1&b=2' };
    const sender = new MailSender(t.db, now, smtpTransport(smtp.url), quiet);
    expect(await sender.deliverDue()).toBe(1);
    await sender.stop();

    const [mail] = smtp.to('moved@example.org');
    expect(mail?.text).toContain('https://new.example/site?a=1&b=2/notification');
    expect(mail?.text).toContain('https://new.example/site?a=1&b=2/newsletter/unsubscribe?token=k1');
    expect(mail?.html).toContain('href="https://new.example/site?a=1&amp;b=2/notification"');
    const listUnsubscribe = mail?.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line;
    expect(listUnsubscribe?.replace(/\r?\n[ \t]+/g, ' ')).toContain(
      '<https://new.example/site?a=1&b=2/api/newsletter/unsubscribe?token=k1>',
    );
    expect(`${mail?.text}${mail?.html}`).not.toContain('school.test');

    // The stored mail keeps the mark; the Outbox shows it under this server's PUBLIC_URL.
    const read = await callAs(t.app, f, 'principal', { method: 'GET', url: `/api/admin/outbox/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.text).toContain('https://school.test/notification');
    expect(read.json().data.html).not.toContain('{{PUBLIC_URL}}');
  });
});

describe.each(TEST_ENGINES)('retries with back-off, then failed, then sent again (%s)', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);
  const MINUTE = 60_000;

  it('waits 1, 2, 4 ... minutes between tries, fails the mail after MAX_ATTEMPTS, and the principal sends it again', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const start = Date.parse('2026-11-20T14:00:00.000Z');
    let clock = start;
    // A sender of its own whose clock the test moves (the app's runs on the real one).
    const sender = new MailSender(t.db, t.app.config.mail, smtpTransport(smtp.url), t.app.log, {
      now: () => new Date(clock),
    });
    const [id] = await enqueueMails(
      t.db,
      [
        composeMail('Sunshine Kindergarten', {
          kind: 'absence-alert',
          to: { address: 'busy@example.org', name: 'A Parent' },
          subject: 'Absent today',
          paragraphs: ['Aisha was recorded absent today.'],
        }),
      ],
      'school.test',
      new Date(start).toISOString(),
    );
    const row = () =>
      t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', id ?? 0)
        .executeTakeFirstOrThrow();

    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    smtp.refuseNext(MAX_ATTEMPTS, 451);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await sender.deliverDue()).toBe(0);
      const mail = await row();
      expect(mail.attempts).toBe(attempt);
      expect(mail.last_error).toContain('451');
      if (attempt === MAX_ATTEMPTS) {
        expect(mail.status).toBe('failed');
        break;
      }
      expect(mail.status).toBe('waiting');
      expect(Date.parse(mail.next_attempt_at) - clock).toBe(2 ** (attempt - 1) * MINUTE);
      // Not before its time: a second early, nothing is tried.
      clock = Date.parse(mail.next_attempt_at) - 1_000;
      expect(await sender.deliverDue()).toBe(0);
      expect((await row()).attempts).toBe(attempt);
      clock += 1_000;
    }
    // Failed is for good: the sender leaves it, however late.
    clock += 7 * 24 * 60 * MINUTE;
    expect(await sender.deliverDue()).toBe(0);
    expect((await row()).attempts).toBe(MAX_ATTEMPTS);
    expect(smtp.to('busy@example.org')).toHaveLength(0);

    const retry = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/admin/outbox/${id}/retry`,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(await sendMail(t)).toBe(1);
    const sent = await row();
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null, locked_by: null });
    const [arrived] = smtp.to('busy@example.org');
    expect(arrived?.messageId).toBe(sent.message_id);
    await sender.stop();
  });

  it('gives back the mails it had not tried when stopped mid-batch', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const ids = await enqueueMails(
      t.db,
      ['a', 'b', 'c'].map((name) =>
        composeMail('Sunshine Kindergarten', {
          kind: 'notification',
          to: { address: `${name}@stop.example.org`, name },
          subject: `For ${name}`,
          paragraphs: ['Hello.'],
        }),
      ),
      'school.test',
    );
    const sender = new MailSender(t.db, t.app.config.mail, smtpTransport(smtp.url), t.app.log);
    const before = smtp.mails.length;
    const pass = sender.deliverDue();
    // Stop once the first mail is on its way: it finishes, the other two are given back.
    await smtp.waitFor(before + 1);
    await sender.stop();
    expect(await pass).toBe(1);
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'attempts', 'locked_by'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.attempts, r.locked_by])).toEqual([
      ['sent', 1, null],
      ['waiting', 0, null],
      ['waiting', 0, null],
    ]);
    // The app's sender takes them at once, without waiting for a lease to run out.
    expect(await sendMail(t)).toBe(2);
  });
});

describe.each(TEST_ENGINES)('mail that waited too long (%s)', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  it('fails mail never tried within 7 days of being due; the principal may still send it', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const DAY = 24 * 60 * 60_000;
    const queueAt = (address: string, daysAgo: number) =>
      enqueueMails(
        t.db,
        [
          composeMail('Sunshine Kindergarten', {
            kind: 'password-reset',
            to: { address, name: 'A Parent' },
            subject: 'Set a new password',
            paragraphs: ['The link.'],
          }),
        ],
        'school.test',
        new Date(Date.now() - daysAgo * DAY).toISOString(),
      );
    const [old] = await queueAt('old@example.org', 8);
    const [recent] = await queueAt('recent@example.org', 6);

    expect(await sendMail(t)).toBe(1);
    expect(smtp.to('recent@example.org')).toHaveLength(1);
    expect(smtp.to('old@example.org')).toHaveLength(0);
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'last_error', 'attempts'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: old, status: 'failed', last_error: STALE_REASON, attempts: 0 },
      { id: recent, status: 'sent', last_error: null, attempts: 1 },
    ]);

    const retry = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/admin/outbox/${old}/retry`,
    });
    expect(retry.statusCode).toBe(200);
    expect(await sendMail(t)).toBe(1);
    expect(smtp.to('old@example.org')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { composeMail } from './compose.js';
import { enqueueMails } from './outbox.repository.js';

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

import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '../../db/connect.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { composeMail } from './compose.js';
import { enqueueMails } from './outbox.repository.js';
import { MailSender } from './sender.js';
import { smtpTransport } from './transport.js';

/**
 * Two senders, each with its own connections to the same database (two server processes), deliver
 * the same outbox at the same time: the claim gives each mail to exactly one of them
 * (docs/decisions/0022-email-outbox.md). On PostgreSQL that is the claim's FOR UPDATE SKIP LOCKED:
 * rows one sender is claiming are locked, and the other passes over them to the next ones instead
 * of taking the same mails or waiting; on SQLite one writer at a time does it.
 */

const QUEUED = 40;
const quiet = { warn: () => {}, error: () => {} };

describe.each(TEST_ENGINES)('two senders at once (%s)', (engine) => {
  let database: TestDatabase | undefined;
  let second: Db | undefined;
  let smtp: SmtpCapture | undefined;
  const senders: MailSender[] = [];

  afterEach(async () => {
    for (const sender of senders.splice(0)) await sender.stop();
    await second?.destroy();
    await database?.dispose();
    await smtp?.close();
  });

  it('send every mail exactly once between them', { timeout: 30_000 }, async () => {
    database = await createTestDatabase(engine);
    second = await connectDatabase(database.config);
    smtp = await startSmtpCapture({ dataDelayMs: 5 });
    await enqueueMails(
      database.db,
      Array.from({ length: QUEUED }, (_, i) =>
        composeMail('Sunshine Kindergarten', {
          kind: 'newsletter',
          to: { address: `subscriber${i}@example.org`, name: `Subscriber ${i}` },
          subject: 'The November newsletter',
          paragraphs: ['News of the month.'],
        }),
      ),
      'school.test',
    );
    const mail = { smtpUrl: smtp.url, from: { name: 'School', address: 'no-reply@school.test' } };
    const config = { ...mail, publicUrl: 'https://school.test', pollMs: 0 };
    senders.push(
      new MailSender(database.db, config, smtpTransport(smtp.url), quiet, { batchSize: 3 }),
      new MailSender(second, config, smtpTransport(smtp.url), quiet, { batchSize: 3 }),
    );

    const [one, two] = await Promise.all(senders.map((sender) => sender.deliverDue()));
    expect((one ?? 0) + (two ?? 0)).toBe(QUEUED);
    // Both took part: the outbox was shared, not sent by whichever came first.
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(0);

    const arrived = smtp.mails.map((m) => m.messageId);
    const queued = await database.db
      .selectFrom('mail_outbox')
      .select(['message_id', 'status', 'attempts'])
      .execute();
    expect(arrived).toHaveLength(QUEUED);
    expect(new Set(arrived)).toEqual(new Set(queued.map((row) => row.message_id)));
    // Each mail was claimed once: no sender took a mail the other was claiming at the same moment.
    expect(queued.filter((row) => row.status !== 'sent' || row.attempts !== 1)).toEqual([]);
  });
});

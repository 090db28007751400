import { type DatabaseConfig, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { MailSender } from '../features/mail/sender.js';
import { smtpTransport } from '../features/mail/transport.js';

/**
 * A mail sender in a process of its own, for the test that kills one mid-batch
 * (src/server/features/mail/sender.crash.test.ts): it opens the test's database and delivers its
 * outbox to the test's SMTP server, looking for due mail every POLL_MS, until it is killed (or
 * stops cleanly on SIGTERM). Run with `node --import tsx`. Its settings come from the environment:
 * SENDER_DATABASE (a DatabaseConfig as JSON), SMTP_URL, LEASE_MS, BATCH_SIZE, POLL_MS.
 */

const env = process.env;
const database = JSON.parse(env.SENDER_DATABASE ?? '') as DatabaseConfig;
const mail = loadConfig({ SMTP_URL: env.SMTP_URL, PUBLIC_URL: 'https://school.test' }).mail;
const db = await connectDatabase(database);

const write = (level: string) => (object: unknown, message?: string) => {
  process.stderr.write(`${JSON.stringify({ level, message, object: String(object) })}\n`);
};
const sender = new MailSender(
  db,
  mail,
  smtpTransport(mail.smtpUrl ?? ''),
  { warn: write('warn'), error: write('error') },
  { leaseMs: Number(env.LEASE_MS), batchSize: Number(env.BATCH_SIZE) },
);

process.once('SIGTERM', () => {
  void sender
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});

sender.start(Number(env.POLL_MS));
process.stdout.write(`ready ${sender.id}\n`);

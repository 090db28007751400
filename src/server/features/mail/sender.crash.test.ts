import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { composeMail } from './compose.js';
import { enqueueMails } from './outbox.repository.js';

/**
 * The outbox survives a sender that dies (docs/decisions/0022-email-outbox.md): a sender in a
 * process of its own (src/server/test/mail-sender-process.ts) is killed with SIGKILL in the middle
 * of a batch, a second one is started, and every queued mail arrives exactly once.
 *
 * Why "exactly once" holds here and is not luck: the sender marks each mail sent right after the
 * SMTP server accepts it, so the only mail a kill can leave unmarked is the one on the wire. That
 * one would arrive twice only if the kill fell between the server's 250 and the sender's update;
 * then the second sender would repeat it, with the same Message-ID, which is as much as SMTP allows
 * anyone to promise. The test takes that window away so the result is the same on every run: the
 * capture server holds the next mail's DATA unanswered (holdFrom), the sender is killed while it
 * waits for the answer, the test waits until the server has seen the connection close, and only
 * then does the server answer: the mail of a client that has gone is dropped, never accepted. So
 * the mail in flight was not delivered, and the second sender must deliver it, once.
 */

const SENDER_SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/mail-sender-process.ts',
);
const QUEUED = 30;
const BATCH_SIZE = 5;
/** Killed while the 13th mail waits for its answer: the third batch's third mail. */
const ARRIVED_BEFORE_KILL = 12;
/** Short, so the dead sender's claims run out soon and the second takes them over. */
const LEASE_MS = 1_000;

describe.each(TEST_ENGINES)('a sender killed mid-batch (%s)', (engine) => {
  let database: TestDatabase | undefined;
  let smtp: SmtpCapture | undefined;
  const children: ChildProcess[] = [];

  afterEach(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    children.length = 0;
    await database?.dispose();
    await smtp?.close();
  });

  /** Starts a sender process; resolves once it is polling. */
  function startSender(db: TestDatabase, smtpUrl: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', SENDER_SCRIPT], {
      env: {
        ...process.env,
        SENDER_DATABASE: JSON.stringify(db.config),
        SMTP_URL: smtpUrl,
        LEASE_MS: String(LEASE_MS),
        BATCH_SIZE: String(BATCH_SIZE),
        POLL_MS: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().startsWith('ready')) resolve(child);
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`the sender exited (${code ?? signal}): ${errors}`)),
      );
    });
  }

  const statuses = async (db: TestDatabase) =>
    (await db.db.selectFrom('mail_outbox').select(['id', 'status']).orderBy('id').execute()).map(
      (row) => row.status,
    );

  it('delivers every queued mail exactly once after a restart', { timeout: 30_000 }, async () => {
    const db = await createTestDatabase(engine);
    database = db;
    const capture = await startSmtpCapture({ dataDelayMs: 20 });
    smtp = capture;
    await enqueueMails(
      db.db,
      Array.from({ length: QUEUED }, (_, i) =>
        composeMail('Sunshine Kindergarten', {
          kind: 'notification',
          to: { address: `parent${i}@example.org`, name: `Parent ${i}` },
          subject: `Mail ${i}`,
          paragraphs: [`This is mail ${i}.`],
        }),
      ),
      'school.test',
    );
    const queued = (await db.db.selectFrom('mail_outbox').select('message_id').execute()).map(
      (row) => row.message_id,
    );

    const held = capture.holdFrom(ARRIVED_BEFORE_KILL);
    const first = await startSender(db, capture.url);
    const { connectionClosed } = await held;
    first.kill('SIGKILL');
    await exited(first);
    await connectionClosed;
    capture.release();

    // Mid-batch: twelve sent, the third batch's mail in flight and the two after it still claimed
    // by the dead sender, the rest waiting.
    expect(capture.mails).toHaveLength(ARRIVED_BEFORE_KILL);
    expect(await statuses(db)).toEqual([
      ...Array(ARRIVED_BEFORE_KILL).fill('sent'),
      ...Array(BATCH_SIZE * 3 - ARRIVED_BEFORE_KILL).fill('sending'),
      ...Array(QUEUED - BATCH_SIZE * 3).fill('waiting'),
    ]);

    await startSender(db, capture.url);
    await capture.waitFor(QUEUED, 15_000);
    await eventually(async () => expect(await statuses(db)).toEqual(Array(QUEUED).fill('sent')));

    const arrived = capture.mails.map((mail) => mail.messageId);
    expect(arrived).toHaveLength(QUEUED);
    expect(new Set(arrived).size).toBe(QUEUED);
    expect(new Set(arrived)).toEqual(new Set(queued));
    // The mail that was in flight was tried by both senders, under the same Message-ID.
    const inFlight = await db.db
      .selectFrom('mail_outbox')
      .select(['attempts', 'message_id'])
      .where('id', '=', ARRIVED_BEFORE_KILL + 1)
      .executeTakeFirstOrThrow();
    expect(inFlight.attempts).toBe(2);
    expect(arrived.filter((id) => id === inFlight.message_id)).toHaveLength(1);
  });
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs `check` until it passes (the last mail's update follows its arrival by a moment). */
async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

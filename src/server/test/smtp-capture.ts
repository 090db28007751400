import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A mail as the SMTP server received it: parsed, with its envelope and raw headers. */
export interface CapturedMail {
  /** RCPT TO addresses. */
  envelopeTo: string[];
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header names lowercased, e.g. `list-unsubscribe`. */
  headers: Map<string, unknown>;
  parsed: ParsedMail;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`: SMTP_URL for the app under test. */
  url: string;
  port: number;
  mails: CapturedMail[];
  /** Resolves once `count` mails have arrived in all (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /** Mails whose envelope has `address` (any letter case). */
  to(address: string): CapturedMail[];
  /** The next `count` mails are refused with `code` (e.g. 451 for "try later", 550 for "no such mailbox"). */
  refuseNext(count: number, code: number): void;
  /**
   * Once `count` mails have arrived, every further mail is received but not answered until
   * `release()`: resolves when the first is held, with a promise of its connection's end.
   */
  holdFrom(count: number): Promise<{ connectionClosed: Promise<void> }>;
  /**
   * Answers the held mails: a mail whose connection has closed is dropped (its sender never heard
   * it was accepted, so it does not count as arrived); the others arrive.
   */
  release(): void;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** Wait this long after a mail's last byte before answering it (a slow server). */
  dataDelayMs?: number;
}

const addressText = (value: AddressObject | AddressObject[] | undefined): string =>
  [value ?? []]
    .flat()
    .map((a) => a.text)
    .join(', ');

/**
 * A real SMTP server in the test process (smtp-server, no TLS, any log-in accepted) that keeps
 * every mail it receives, for tests that send through the app's real transport. A mail counts as
 * arrived when the server answers it 250 to a client still connected: what a sender may take as
 * delivered.
 */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 0 };
  /** Sessions whose connection has closed, and the waits for a session's close. */
  const closed = new Set<string>();
  const closeWaiters = new Map<string, () => void>();
  let holding: { from: number; notify?: (held: { connectionClosed: Promise<void> }) => void } | undefined;
  const held: (() => void)[] = [];

  const whenClosed = (sessionId: string) =>
    closed.has(sessionId)
      ? Promise.resolve()
      : new Promise<void>((resolve) => closeWaiters.set(sessionId, resolve));

  /** The mail is accepted (250) and kept, unless its client has gone (then it never heard the 250). */
  const accept = (raw: Buffer, session: SMTPServerSession, callback: (error?: Error | null) => void) => {
    if (closed.has(session.id)) {
      callback(new Error('The client went away before the mail was accepted'));
      return;
    }
    simpleParser(raw)
      .then((parsed) => {
        mails.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          messageId: parsed.messageId ?? '',
          from: addressText(parsed.from),
          to: addressText(parsed.to),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          headers: parsed.headers as Map<string, unknown>,
          parsed,
        });
        for (const waiter of [...waiters]) {
          if (mails.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        callback();
      })
      .catch((error: Error) => callback(error));
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onClose(session) {
      closed.add(session.id);
      closeWaiters.get(session.id)?.();
      closeWaiters.delete(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals = { left: refusals.left - 1, code: refusals.code };
          const error = Object.assign(new Error(`Refused by the test (${refusals.code})`), {
            responseCode: refusals.code,
          });
          callback(error);
          return;
        }
        const answer = () => {
          if (holding && mails.length >= holding.from) {
            held.push(() => accept(Buffer.concat(chunks), session, callback));
            holding.notify?.({ connectionClosed: whenClosed(session.id) });
            holding.notify = undefined;
            return;
          }
          accept(Buffer.concat(chunks), session, callback);
        };
        if (options.dataDelayMs) setTimeout(answer, options.dataDelayMs);
        else answer();
      });
    },
  });
  // A client that dies in the middle of a mail is an error of its connection; the server goes on.
  server.on('error', () => {});

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    to: (address) => mails.filter((m) => m.envelopeTo.some((t) => t.toLowerCase() === address.toLowerCase())),
    refuseNext(count, code) {
      refusals = { left: count, code };
    },
    holdFrom(count) {
      return new Promise((resolve) => {
        holding = { from: count, notify: resolve };
      });
    },
    release() {
      holding = undefined;
      for (const answer of held.splice(0)) answer();
    },
    waitFor(count, timeoutMs = 10_000) {
      if (mails.length >= count) return Promise.resolve(mails);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} mails, ${mails.length} arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(mails);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

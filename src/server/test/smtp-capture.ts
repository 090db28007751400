import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

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
  close(): Promise<void>;
}

const addressText = (value: AddressObject | AddressObject[] | undefined): string =>
  [value ?? []]
    .flat()
    .map((a) => a.text)
    .join(', ');

/**
 * A real SMTP server in the test process (smtp-server, no TLS, any log-in accepted) that keeps
 * every mail it receives, for tests that send through the app's real transport.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 0 };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
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
        simpleParser(Buffer.concat(chunks))
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
      });
    },
  });

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

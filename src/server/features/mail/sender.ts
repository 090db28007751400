import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { readSettings } from '../settings/settings.repository.js';
import { fillLinkKeys, fillPublicUrl, parseLinkKeys } from './link-keys.js';
import {
  claimDueMails,
  failStaleMails,
  holdMail,
  markMailFailed,
  markMailSent,
  type OutboxRow,
  releaseMails,
} from './outbox.repository.js';
import { type MailTransport, SendError } from './transport.js';

/** How often a mail is tried before it is failed for good. */
export const MAX_ATTEMPTS = 8;

/** Wait before try n+1 after n failures: 1, 2, 4 ... minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** A mail never tried this long after it was due is too old to send on its own (failStaleMails). */
export const STALE_AFTER_DAYS = 7;
export const STALE_REASON = `Not sent within ${STALE_AFTER_DAYS} days of being due (no mail left this server then), so it was too old to send on its own. Send it again if it still matters.`;

/**
 * Why a mail whose links lost their keys is failed instead of sent: a backup never holds the keys,
 * so a mail that was waiting when the backup was made comes back from a restore without them.
 */
export const LINK_KEYS_GONE =
  'The key of its link is no longer stored (the mail was restored from a backup, which never holds one), so its link would open nothing. Its recipient can ask for a new one.';

export interface SenderOptions {
  /** Mails claimed at once. */
  batchSize?: number;
  /** How long a claim holds; a sender that dies mid-batch leaves its mails to others after this. */
  leaseMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * The background sender (docs/decisions/0022-email-outbox.md): claims due mails in small batches,
 * sends each with its stored Message-ID and marks it sent at once, so that a crash repeats at most
 * the one mail that was on the wire. Failures wait and try again with back-off, up to MAX_ATTEMPTS;
 * a permanent refusal fails the mail at once. Every server process may run one: the claim gives
 * each mail to exactly one of them.
 */
export class MailSender {
  /** This process's name in claims (host, pid and a random part: a restarted pid is another sender). */
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly config: MailConfig,
    private readonly transport: MailTransport,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    options: SenderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 10;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.now = options.now ?? (() => new Date());
  }

  /** Sends every mail due now (batch after batch); answers how many went out. One pass at a time. */
  deliverDue(): Promise<number> {
    this.running ??= this.deliverAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Looks for due mail every `intervalMs` until stopped. */
  start(intervalMs: number): void {
    if (this.timer || this.stopped) return;
    const tick = async () => {
      try {
        await this.deliverDue();
      } catch (error) {
        this.log.error({ err: error }, 'the mail sender failed; it tries again shortly');
      }
      if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** No new pass starts; the one under way finishes its mail in hand and gives back the rest. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    this.transport.close();
  }

  private async deliverAll(): Promise<number> {
    let sent = 0;
    const stale = await failStaleMails(
      this.db,
      new Date(this.now().getTime() - STALE_AFTER_DAYS * 24 * 60 * 60_000).toISOString(),
      STALE_REASON,
    );
    if (stale > 0) this.log.warn({ stale }, `${stale} mails were too old to send and are failed`);
    while (!this.stopped) {
      const now = this.now();
      const batch = await claimDueMails(
        this.db,
        this.id,
        now.toISOString(),
        this.leaseFrom(now),
        this.batchSize,
      );
      if (batch.length === 0) break;
      const from = await this.sender();
      for (const [index, mail] of batch.entries()) {
        if (this.stopped) {
          // Stopping: the mails not yet tried wait for the next start (or another sender) at once,
          // instead of for the lease to run out.
          await releaseMails(
            this.db,
            batch.slice(index).map((m) => m.id),
            this.id,
          );
          break;
        }
        // The claim is renewed for this one mail; a mail whose claim ran out while the batch was
        // under way may be another sender's now, and is left to it.
        if (!(await holdMail(this.db, mail.id, this.id, this.leaseFrom(this.now())))) continue;
        if (await this.deliver(mail, from)) sent += 1;
      }
    }
    return sent;
  }

  private leaseFrom(now: Date): string {
    return new Date(now.getTime() + this.leaseMs).toISOString();
  }

  /** The From: MAIL_FROM's address, with its name or else the school's name now. */
  private async sender(): Promise<{ name: string; address: string }> {
    if (this.config.from.name) return this.config.from;
    return { name: (await readSettings(this.db)).name, address: this.config.from.address };
  }

  private async deliver(mail: OutboxRow, from: { name: string; address: string }): Promise<boolean> {
    // The links' keys go back in only now, on the way out (link-keys.ts), and the site's address
    // is the PUBLIC_URL of now, not of when the mail was written (decision 0048).
    const withKeys = fillLinkKeys(
      { text: mail.text_body, html: mail.html_body, headers: mail.headers },
      parseLinkKeys(mail.link_keys),
    );
    const filled = withKeys && fillPublicUrl(withKeys, this.config.publicUrl);
    if (!filled) {
      await markMailFailed(this.db, mail.id, this.id, LINK_KEYS_GONE, undefined);
      this.log.warn({ mailId: mail.id }, `mail ${mail.id} was not sent: ${LINK_KEYS_GONE}`);
      return false;
    }
    try {
      await this.transport.send({
        messageId: mail.message_id,
        from,
        to: { name: mail.to_name, address: mail.to_address },
        subject: mail.subject,
        text: filled.text,
        html: filled.html,
        headers: JSON.parse(filled.headers) as Record<string, string>,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof SendError && error.permanent;
      const retryAt =
        permanent || mail.attempts >= MAX_ATTEMPTS
          ? undefined
          : new Date(this.now().getTime() + backoffMs(mail.attempts)).toISOString();
      await markMailFailed(this.db, mail.id, this.id, reason, retryAt);
      this.log.warn(
        { mailId: mail.id, attempts: mail.attempts, permanent, retryAt },
        `mail ${mail.id} was not sent: ${reason}`,
      );
      return false;
    }
    await markMailSent(this.db, mail.id, this.now().toISOString());
    return true;
  }
}

import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import {
  MAIL_KINDS,
  type MailKind,
  type MailStatus,
  OUTBOX_PAGE_SIZE,
  type OutboxMail,
  type OutboxMailDetail,
  type OutboxPage,
  type OutboxQuery,
} from '../../../shared/api/mail.js';
import type { Db } from '../../db/connect.js';
import type { MailOutboxTable } from '../../db/database.js';
import { isPostgres } from '../../db/engine.js';
import { fillPublicUrl, hasLinkPlaceholders, takeLinkKeys } from './link-keys.js';

/**
 * The outbox (docs/decisions/0022-email-outbox.md): every mail is a row, written in the
 * transaction of what causes it, so that a mail exists exactly when its event does. The sender
 * claims due rows for a while (a lease), sends them and marks them sent; a sender that dies leaves
 * its claim to expire, and another (or the same after a restart) takes the mail over with the same
 * Message-ID.
 */

export type OutboxRow = Selectable<MailOutboxTable>;

/** A mail ready to be queued: addressed, with its subject and both bodies. */
export interface OutgoingMail {
  kind: MailKind;
  to: { address: string; name: string };
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** `<random@host>`: made once, when the mail is queued, and sent with every try. */
export const newMessageId = (host: string): string => `<${crypto.randomUUID()}@${host}>`;

/** Queues mails (inside the caller's transaction, when it passes one); answers their ids. */
export async function enqueueMails(
  db: Db,
  mails: readonly OutgoingMail[],
  messageHost: string,
  now: string = new Date().toISOString(),
): Promise<number[]> {
  if (mails.length === 0) return [];
  const ids: number[] = [];
  // In slices: one statement's parameters stay well under either engine's limit.
  for (let start = 0; start < mails.length; start += 200) {
    const rows = await db
      .insertInto('mail_outbox')
      .values(
        mails.slice(start, start + 200).map((mail) => {
          // The links' keys are stored beside the mail, never in it (link-keys.ts).
          const { texts, keys } = takeLinkKeys({
            text: mail.text,
            html: mail.html,
            headers: JSON.stringify(mail.headers ?? {}),
          });
          return {
            message_id: newMessageId(messageHost),
            kind: mail.kind,
            to_address: mail.to.address,
            to_name: mail.to.name,
            subject: mail.subject,
            text_body: texts.text,
            html_body: texts.html,
            headers: texts.headers,
            link_keys: keys ? JSON.stringify(keys) : null,
            status: 'waiting' as const,
            next_attempt_at: now,
            created_at: now,
          };
        }),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * Fails the mails that were due before `dueBefore` and never tried: no sender ran while they were
 * fresh (the server had no SMTP_URL), and a password link or an absence alert sent weeks late would
 * only confuse. The principal can still send one again from the Outbox. Answers how many.
 */
export async function failStaleMails(db: Db, dueBefore: string, reason: string): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: reason, link_keys: null })
    .where('status', '=', 'waiting')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '<', dueBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims up to `limit` due mails for `sender` until `leaseUntil`: waiting ones whose time has come,
 * and ones another sender claimed but whose lease ran out (it died). On PostgreSQL, rows another
 * sender is claiming at this moment are skipped, so each mail goes to exactly one sender; SQLite
 * has one writer at a time, so its single statement is claim enough.
 */
export async function claimDueMails(
  db: Db,
  sender: string,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<OutboxRow[]> {
  let due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'waiting'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('mail_outbox')
    .set({
      status: 'sending',
      locked_by: sender,
      locked_until: leaseUntil,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Renews `sender`'s claim on one mail just before it goes on the wire; false when the claim is no
 * longer the sender's (it ran out and another sender took the mail over), and then the mail must
 * not be sent. So a batch that takes longer than the lease never sends a mail twice.
 */
export async function holdMail(db: Db, id: number, sender: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ locked_until: leaseUntil })
    .where('id', '=', id)
    .where('locked_by', '=', sender)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Gives back the claims a stopping sender did not use: the mails wait again, due at once, and the
 * try they were claimed for is not counted.
 */
export async function releaseMails(db: Db, ids: readonly number[], sender: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'waiting',
      locked_by: null,
      locked_until: null,
      attempts: sql<number>`case when attempts > 0 then attempts - 1 else 0 end`,
    })
    .where('id', 'in', ids)
    .where('locked_by', '=', sender)
    .where('status', '=', 'sending')
    .execute();
}

/** The mail went out: it is done, whoever holds it now, and its links' keys are dropped. */
export async function markMailSent(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      link_keys: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A try failed: the mail waits until `retryAt`, or is failed for good when `retryAt` is undefined,
 * and then its links' keys are dropped. Only the sender holding the claim records it (another may
 * have taken an expired claim over).
 */
export async function markMailFailed(
  db: Db,
  id: number,
  sender: string,
  reason: string,
  retryAt: string | undefined,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: retryAt ? 'waiting' : 'failed',
      next_attempt_at: retryAt ?? sql<string>`next_attempt_at`,
      last_error: reason.slice(0, 1000),
      locked_by: null,
      locked_until: null,
      ...(retryAt ? {} : { link_keys: null }),
    })
    .where('id', '=', id)
    .where('locked_by', '=', sender)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Sends a failed mail again from now, with a fresh count of tries: 'not-failed' when it is not
 * failed, 'link-gone' when it has a link whose key was dropped when it failed (sending it would
 * send a link that opens nothing; its recipient asks for a new one).
 */
export async function retryFailedMail(
  db: Db,
  id: number,
  now: string,
): Promise<'retried' | 'not-failed' | 'link-gone'> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(['text_body', 'html_body', 'headers', 'link_keys'])
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (!row) return 'not-failed';
  if (
    row.link_keys === null &&
    hasLinkPlaceholders({ text: row.text_body, html: row.html_body, headers: row.headers })
  )
    return 'link-gone';
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'waiting', attempts: 0, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? 'retried' : 'not-failed';
}

/** One row as the Outbox lists it. */
function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    kind: (MAIL_KINDS as readonly string[]).includes(row.kind) ? (row.kind as MailKind) : 'notification',
    to: row.to_address,
    toName: row.to_name,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
  };
}

/** The stored states behind the Outbox's filter: a mail being sent still counts as waiting. */
const STATES_OF: Record<NonNullable<OutboxQuery['status']>, readonly MailStatus[]> = {
  waiting: ['waiting', 'sending'],
  sent: ['sent'],
  failed: ['failed'],
};

/** A page of the Outbox, newest first, with the count of mails in each state (`sending` not included). */
export async function listOutbox(db: Db, query: OutboxQuery): Promise<Omit<OutboxPage, 'sending'>> {
  const states = query.status ? STATES_OF[query.status] : undefined;
  let rows = db.selectFrom('mail_outbox').selectAll();
  if (states) rows = rows.where('status', 'in', states);
  const page = await rows
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .offset((query.page - 1) * OUTBOX_PAGE_SIZE)
    .execute();

  const byStatus = await db
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const count = (wanted: readonly MailStatus[]) =>
    byStatus.filter((row) => wanted.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  const counts = {
    waiting: count(STATES_OF.waiting),
    sent: count(STATES_OF.sent),
    failed: count(STATES_OF.failed),
  };
  return {
    data: page.map(toOutboxMail),
    total: states ? count(states) : counts.waiting + counts.sent + counts.failed,
    page: query.page,
    pageSize: OUTBOX_PAGE_SIZE,
    counts,
  };
}

/**
 * One mail with both its bodies, its links under `publicUrl` (the PUBLIC_URL of now, which a mail
 * still waiting will be sent with); undefined when there is none with that id.
 */
export async function readOutboxMail(
  db: Db,
  id: number,
  publicUrl: string,
): Promise<OutboxMailDetail | undefined> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  // The stored bodies hold no link's key (link-keys.ts): the principal reads `…?token=…`.
  const { text, html } = fillPublicUrl({ text: row.text_body, html: row.html_body, headers: '' }, publicUrl);
  return { ...toOutboxMail(row), messageId: row.message_id, text, html };
}

import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { NewsletterIssue } from '../../../shared/api/mail.js';
import type { Newsletter } from '../../../shared/api/newsletter.js';
import type { Db } from '../../db/connect.js';
import type { NewsletterIssueTable, NewsletterSubscriberTable } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';

/**
 * The newsletter's rows (docs/decisions/0025-newsletter.md): subscribers with their double opt-in
 * state and link token, and the newsletters the principal sent.
 */

export type SubscriberRow = Selectable<NewsletterSubscriberTable>;

/** A subscriber's link token: 24 random bytes, base64url (32 characters). */
export const newSubscriberToken = (): string => crypto.randomBytes(24).toString('base64url');

/**
 * Adds an unconfirmed subscriber with a fresh token; undefined when that email (in any letter case)
 * is on the list already.
 */
export async function insertSubscriber(db: Db, subscriber: Newsletter): Promise<SubscriberRow | undefined> {
  return db
    .insertInto('newsletter_subscriber')
    .values({
      name: subscriber.name,
      email: subscriber.email,
      email_key: subscriber.email.toLowerCase(),
      created_at: nowIso(),
      confirmed_at: null,
      token: newSubscriberToken(),
    })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findSubscriberByEmail(db: Db, email: string): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('newsletter_subscriber')
    .selectAll()
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findSubscriberByToken(db: Db, token: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom('newsletter_subscriber').selectAll().where('token', '=', token).executeTakeFirst();
}

/**
 * The subscriber's token, made now if the row has none (rows are written with one; the column is
 * nullable only because the migration added it to a filled table).
 */
export async function tokenOf(db: Db, subscriber: SubscriberRow): Promise<string> {
  if (subscriber.token) return subscriber.token;
  const token = newSubscriberToken();
  await db.updateTable('newsletter_subscriber').set({ token }).where('id', '=', subscriber.id).execute();
  return token;
}

/** Marks the subscriber confirmed, keeping the first confirmation's time when confirmed already. */
export async function confirmSubscriber(db: Db, id: number): Promise<void> {
  await db
    .updateTable('newsletter_subscriber')
    .set({ confirmed_at: nowIso() })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute();
}

export async function deleteSubscriberRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('newsletter_subscriber').where('id', '=', id).execute();
}

/**
 * Drops the newsletter mails still waiting for this address: an unsubscribe is immediate, so a
 * newsletter queued a moment before (or held back by a mail server that said "try later") is not
 * sent after it. Mails a sender is delivering at this moment are past stopping.
 */
export async function dropWaitingNewsletterMails(db: Db, address: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('kind', 'in', ['newsletter', 'newsletter-confirm'])
    .where('status', '=', 'waiting')
    .where('to_address', '=', address)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a confirmation mail to this address was queued at or after `since` (an ISO instant). */
export async function confirmationQueuedSince(db: Db, address: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('kind', '=', 'newsletter-confirm')
    .where('to_address', '=', address)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The subscribers who confirmed their address, oldest first: the recipients of a newsletter. */
export async function listConfirmedSubscribers(db: Db): Promise<SubscriberRow[]> {
  return db
    .selectFrom('newsletter_subscriber')
    .selectAll()
    .where('confirmed_at', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function countConfirmedSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscriber')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('confirmed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const toIssue = (row: Selectable<NewsletterIssueTable>): NewsletterIssue => ({
  id: row.id,
  subject: row.subject,
  text: row.body,
  sentBy: row.sent_by_name,
  recipients: row.recipients,
  createdAt: row.created_at,
});

export async function insertIssue(
  db: Db,
  issue: { subject: string; text: string; sentBy: { id: number; name: string }; recipients: number },
): Promise<NewsletterIssue> {
  const row = await db
    .insertInto('newsletter_issue')
    .values({
      subject: issue.subject,
      body: issue.text,
      sent_by: issue.sentBy.id,
      sent_by_name: issue.sentBy.name,
      recipients: issue.recipients,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toIssue(row);
}

/** Every sent newsletter, newest first. */
export async function listIssues(db: Db): Promise<NewsletterIssue[]> {
  const rows = await db
    .selectFrom('newsletter_issue')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toIssue);
}

import type { Selectable } from 'kysely';
import type { NewsletterIssue } from '../../../shared/api/mail.js';
import type { Newsletter } from '../../../shared/api/newsletter.js';
import type { Db } from '../../db/connect.js';
import type { NewsletterIssueTable, NewsletterSubscriberTable } from '../../db/database.js';
import { hashToken, newSecretToken } from '../../lib/secret-token.js';
import { nowIso } from '../../lib/time.js';
import { recordNewsletterConsent } from '../consents/consents.repository.js';

/**
 * The newsletter's rows (docs/decisions/0025-newsletter.md): subscribers with their double opt-in
 * state and the hash of their confirmation link's token, the hashes of the newsletters' unsubscribe
 * links, and the newsletters the principal sent. No token is stored in clear
 * (docs/decisions/0037-no-live-secret-at-rest.md): each is minted when its mail is queued.
 */

export type SubscriberRow = Selectable<NewsletterSubscriberTable>;

/** A link token: 24 random bytes, base64url (32 characters). */
export const newSubscriberToken = (): string => newSecretToken(24);

/**
 * Adds an unconfirmed subscriber (their confirmation token comes with the mail:
 * newConfirmationToken); undefined when that email (in any letter case) is on the list already.
 */
export async function insertSubscriber(
  db: Db,
  subscriber: Newsletter & { language?: string | undefined },
): Promise<SubscriberRow | undefined> {
  return db
    .insertInto('newsletter_subscriber')
    .values({
      name: subscriber.name,
      email: subscriber.email,
      email_key: subscriber.email.toLowerCase(),
      created_at: nowIso(),
      confirmed_at: null,
      token_hash: null,
      language: subscriber.language ?? null,
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

/** The subscriber whose confirmation link carries this token. */
export async function findSubscriberByToken(db: Db, token: string): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('newsletter_subscriber')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/**
 * The subscriber an unsubscribe link with this token is for: a newsletter's own token, or the
 * subscriber's confirmation token (the newsletters sent before 0037 carry that one).
 */
export async function findSubscriberByUnsubscribeToken(
  db: Db,
  token: string,
): Promise<SubscriberRow | undefined> {
  const hash = hashToken(token);
  return db
    .selectFrom('newsletter_subscriber')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('token_hash', '=', hash),
        eb(
          'id',
          'in',
          eb.selectFrom('newsletter_unsubscribe').select('subscriber_id').where('token_hash', '=', hash),
        ),
      ]),
    )
    .executeTakeFirst();
}

/**
 * A new token for the subscriber's confirmation link, of which the row keeps the hash: a link mailed
 * earlier stops working (its token is nowhere to be read again).
 */
export async function newConfirmationToken(db: Db, subscriberId: number): Promise<string> {
  const token = newSubscriberToken();
  await db
    .updateTable('newsletter_subscriber')
    .set({ token_hash: hashToken(token) })
    .where('id', '=', subscriberId)
    .execute();
  return token;
}

/**
 * A fresh unsubscribe token for each subscriber, for one newsletter's mails, stored as hashes; the
 * tokens of earlier newsletters keep working. Answers the clear tokens by subscriber id.
 */
export async function newUnsubscribeTokens(
  db: Db,
  subscriberIds: readonly number[],
): Promise<Map<number, string>> {
  const tokens = new Map(subscriberIds.map((id) => [id, newSubscriberToken()] as const));
  const createdAt = nowIso();
  const rows = [...tokens].map(([id, token]) => ({
    subscriber_id: id,
    token_hash: hashToken(token),
    created_at: createdAt,
  }));
  // In slices: one statement's parameters stay well under either engine's limit.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('newsletter_unsubscribe')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  return tokens;
}

/**
 * Marks the subscriber confirmed, keeping the first confirmation's time when confirmed already; the
 * first confirmation is the newsletter consent's "given" entry in the ledger, in the same transaction
 * (docs/decisions/0111-consent-as-a-ledger.md).
 */
export async function confirmSubscriber(db: Db, subscriber: SubscriberRow): Promise<void> {
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('newsletter_subscriber')
      .set({ confirmed_at: at })
      .where('id', '=', subscriber.id)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return;
    await recordNewsletterConsent(trx, {
      emailKey: subscriber.email_key,
      address: subscriber.email,
      given: true,
      how: 'newsletter-link',
      at,
    });
  });
}

/**
 * Removes the subscriber (the newsletter's unsubscribe link); a confirmed one's consent is
 * withdrawn in the ledger, in the caller's transaction.
 */
export async function deleteSubscriberRow(db: Db, subscriber: SubscriberRow): Promise<void> {
  const result = await db
    .deleteFrom('newsletter_subscriber')
    .where('id', '=', subscriber.id)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) {
    await recordNewsletterConsent(db, {
      emailKey: subscriber.email_key,
      address: subscriber.email,
      given: false,
      how: 'newsletter-link',
      at: nowIso(),
    });
  }
  await db.deleteFrom('newsletter_subscriber').where('id', '=', subscriber.id).execute();
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

import {
  MAIL_LINK_PATHS,
  MAIL_MESSAGES,
  type NewsletterIssue,
  type NewsletterIssueInput,
} from '../../../shared/api/mail.js';
import { NEWSLETTER_CONFIRM_RESEND_MINUTES, type Newsletter } from '../../../shared/api/newsletter.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { conflict, HttpError } from '../../lib/errors.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings } from '../settings/settings.repository.js';
import {
  confirmationQueuedSince,
  confirmSubscriber,
  deleteSubscriberRow,
  dropWaitingNewsletterMails,
  findSubscriberByEmail,
  findSubscriberByToken,
  findSubscriberByUnsubscribeToken,
  insertIssue,
  insertSubscriber,
  listConfirmedSubscribers,
  newConfirmationToken,
  newUnsubscribeTokens,
  type SubscriberRow,
} from './newsletter.repository.js';

/**
 * The newsletter with double opt-in (docs/decisions/0025-newsletter.md): subscribing stores an
 * unconfirmed address and mails it a confirmation link; only confirmed addresses receive the
 * newsletters the principal sends; every newsletter carries a one-click unsubscribe link.
 */

/** Where mail programs POST `List-Unsubscribe=One-Click` (RFC 8058): the API, not a page. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** A newsletter's text in paragraphs: blank lines part them, single line breaks stay inside. */
export const paragraphsOf = (text: string): string[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');

function confirmationMail(
  config: MailConfig,
  schoolName: string,
  subscriber: { email: string; name: string },
  token: string,
): MailContent {
  return {
    kind: 'newsletter-confirm',
    to: { address: subscriber.email, name: subscriber.name },
    subject: `Please confirm your subscription to the ${schoolName} newsletter`,
    greeting: `Dear ${subscriber.name},`,
    paragraphs: [
      `Thank you for subscribing to the newsletter of ${schoolName}.`,
      'Please confirm that this is your address and that you want to receive it. Until you do, we send you nothing else.',
    ],
    action: {
      label: 'Confirm my subscription',
      url: mailLink(config, MAIL_LINK_PATHS.confirmNewsletter, { token }),
    },
    footer: [
      `Someone entered ${subscriber.email} in the newsletter form on our website. If it was not you, ignore this mail: without the confirmation this address stays off our list.`,
    ],
  };
}

function newsletterMail(
  config: MailConfig,
  schoolName: string,
  issue: NewsletterIssueInput,
  subscriber: { email: string; name: string },
  token: string,
): MailContent {
  return {
    kind: 'newsletter',
    to: { address: subscriber.email, name: subscriber.name },
    subject: issue.subject,
    greeting: `Dear ${subscriber.name},`,
    paragraphs: paragraphsOf(issue.text),
    footer: [
      `You receive this newsletter because you subscribed to it on the website of ${schoolName} with ${subscriber.email} and confirmed your subscription.`,
    ],
    unsubscribe: {
      page: mailLink(config, MAIL_LINK_PATHS.unsubscribe, { token }),
      oneClick: mailLink(config, ONE_CLICK_UNSUBSCRIBE_PATH, { token }),
    },
  };
}

async function queueConfirmation(db: Db, config: MailConfig, subscriber: SubscriberRow): Promise<void> {
  const { name: schoolName } = await readSettings(db);
  const token = await newConfirmationToken(db, subscriber.id);
  await queueMails(db, config, [confirmationMail(config, schoolName, subscriber, token)]);
}

/**
 * `POST newsletter`. A new address is stored unconfirmed and sent the confirmation mail, in one
 * transaction ('added'). An address on the list already changes nothing ('listed'); if it is still
 * unconfirmed it gets the confirmation mail again, unless one was queued in the last
 * NEWSLETTER_CONFIRM_RESEND_MINUTES (anyone may type anyone's address into the form).
 */
export async function subscribe(db: Db, config: MailConfig, input: Newsletter): Promise<'added' | 'listed'> {
  return db.transaction().execute(async (trx) => {
    const added = await insertSubscriber(trx, input);
    if (added) {
      await queueConfirmation(trx, config, added);
      return 'added';
    }
    const listed = await findSubscriberByEmail(trx, input.email);
    if (listed && listed.confirmed_at === null) {
      const since = new Date(Date.now() - NEWSLETTER_CONFIRM_RESEND_MINUTES * 60_000).toISOString();
      if (!(await confirmationQueuedSince(trx, listed.email, since)))
        await queueConfirmation(trx, config, listed);
    }
    return 'listed';
  });
}

const confirmLinkInvalid = () => new HttpError(404, 'LINK_INVALID', MAIL_MESSAGES.confirmLinkInvalid);
const unsubscribeLinkInvalid = () => new HttpError(404, 'LINK_INVALID', MAIL_MESSAGES.unsubscribeLinkInvalid);

/** `POST newsletter/confirm`: confirms the subscriber of the token; confirming twice is fine. */
export async function confirm(db: Db, token: string | undefined): Promise<void> {
  if (!token) throw confirmLinkInvalid();
  const subscriber = await findSubscriberByToken(db, token);
  if (!subscriber) throw confirmLinkInvalid();
  await confirmSubscriber(db, subscriber.id);
}

/**
 * `POST newsletter/unsubscribe`: removes the subscriber of the token at once, with the newsletter
 * mails still waiting for them.
 */
export async function unsubscribe(db: Db, token: string | undefined): Promise<void> {
  if (!token) throw unsubscribeLinkInvalid();
  await db.transaction().execute(async (trx) => {
    const subscriber = await findSubscriberByUnsubscribeToken(trx, token);
    if (!subscriber) throw unsubscribeLinkInvalid();
    await deleteSubscriberRow(trx, subscriber.id);
    await dropWaitingNewsletterMails(trx, subscriber.email);
  });
}

/**
 * `POST admin/newsletters`: stores the newsletter and queues one mail per confirmed subscriber, in
 * one transaction, so either all of them go out or none is stored.
 */
export async function sendNewsletter(
  db: Db,
  config: MailConfig,
  input: NewsletterIssueInput,
  sentBy: { id: number; name: string },
): Promise<NewsletterIssue> {
  return db.transaction().execute(async (trx) => {
    const subscribers = await listConfirmedSubscribers(trx);
    if (subscribers.length === 0) throw conflict('NO_SUBSCRIBERS', MAIL_MESSAGES.noSubscribers);
    const { name: schoolName } = await readSettings(trx);
    // A fresh unsubscribe token per mail: only the hashes are stored (docs/decisions/0037).
    const tokens = await newUnsubscribeTokens(
      trx,
      subscribers.map((s) => s.id),
    );
    const contents: MailContent[] = subscribers.map((subscriber) =>
      newsletterMail(config, schoolName, input, subscriber, tokens.get(subscriber.id) ?? ''),
    );
    const issue = await insertIssue(trx, { ...input, sentBy, recipients: subscribers.length });
    await queueMails(trx, config, contents);
    return issue;
  });
}

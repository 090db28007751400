import { NEWSLETTER_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  MAIL_LINK_PATHS,
  MAIL_MESSAGES,
  type NewsletterIssue,
  type NewsletterIssueInput,
} from '../../../shared/api/mail.js';
import {
  NEWSLETTER_CONFIRM_RESEND_MINUTES,
  NEWSLETTER_CONFIRMATIONS_PER_MAILBOX,
  type Newsletter,
} from '../../../shared/api/newsletter.js';
import { isLocale, type Locale } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { type AttemptLimit, claimAttempt, settleGoodAttempt } from '../../lib/attempt-counters.js';
import { conflict, HttpError } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings, type SchoolLanguages, schoolLanguages } from '../settings/settings.repository.js';
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

/**
 * The mailbox an address reaches, for counting what is sent to it: letter case and a `+tag` make no
 * other mailbox (`Victim+1@Example.org` is `victim@example.org`).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, Math.max(at, 0));
  const plus = local.indexOf('+');
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}

/** The confirmation mails of one mailbox, counted in the database (every process sees the count). */
const confirmationsOf = (email: string): AttemptLimit => ({
  subject: `newsletter-confirmation:${mailboxOf(email)}`,
  max: NEWSLETTER_CONFIRMATIONS_PER_MAILBOX.max,
  windowMs: NEWSLETTER_CONFIRMATIONS_PER_MAILBOX.hours * 60 * 60_000,
});

/**
 * The confirmation mail goes to an address whose owner has not said a word yet: it carries nothing
 * the sender chose (no name in the greeting or the To: header, where "Dear <a stranger's text>"
 * would let anyone write to anyone in the school's name).
 */
function confirmationMail(
  config: MailConfig,
  schoolName: string,
  subscriber: { email: string },
  token: string,
  locale: Locale,
): MailContent {
  const { t } = translatorFor(locale);
  return {
    kind: 'newsletter-confirm',
    to: { address: subscriber.email, name: '' },
    subject: t('mail.newsletter.confirm.subject', { school: schoolName }),
    greeting: t('mail.hello'),
    paragraphs: [
      t('mail.newsletter.confirm.thanks', { school: schoolName }),
      t('mail.newsletter.confirm.body'),
    ],
    action: {
      label: t('mail.newsletter.confirm.action'),
      url: mailLink(config, MAIL_LINK_PATHS.confirmNewsletter, { token }),
    },
    footer: [t('mail.newsletter.confirm.footer', { email: subscriber.email })],
    locale,
  };
}

function newsletterMail(
  config: MailConfig,
  schoolName: string,
  issue: NewsletterIssueInput,
  subscriber: { email: string; name: string },
  token: string,
  locale: Locale,
): MailContent {
  const { t } = translatorFor(locale);
  return {
    kind: 'newsletter',
    to: { address: subscriber.email, name: subscriber.name },
    // The school's own words, as written: only what the mail adds around them is translated.
    subject: issue.subject,
    greeting: t('mail.greeting', { name: subscriber.name }),
    paragraphs: paragraphsOf(issue.text),
    footer: [t('mail.newsletter.footer', { school: schoolName, email: subscriber.email })],
    locale,
    unsubscribe: {
      page: mailLink(config, MAIL_LINK_PATHS.unsubscribe, { token }),
      oneClick: mailLink(config, ONE_CLICK_UNSUBSCRIBE_PATH, { token }),
    },
  };
}

async function queueConfirmation(db: Db, config: MailConfig, subscriber: SubscriberRow): Promise<void> {
  const { name: schoolName } = await readSettings(db);
  const token = await newConfirmationToken(db, subscriber.id);
  const locale = subscriberLocale(subscriber, await schoolLanguages(db));
  await queueMails(db, config, [confirmationMail(config, schoolName, subscriber, token, locale)]);
}

/** A subscriber's language: the one they subscribed in while the school offers it, else its default. */
const subscriberLocale = (subscriber: Pick<SubscriberRow, 'language'>, school: SchoolLanguages): Locale =>
  isLocale(subscriber.language) && school.languages.includes(subscriber.language)
    ? subscriber.language
    : school.language;

/**
 * `POST newsletter`. A new address is stored unconfirmed and sent the confirmation mail, in one
 * transaction ('added'). An address on the list already changes nothing ('listed'); if it is still
 * unconfirmed it gets the confirmation mail again, unless one was queued in the last
 * NEWSLETTER_CONFIRM_RESEND_MINUTES (anyone may type anyone's address into the form).
 *
 * Every confirmation mail counts against its mailbox (NEWSLETTER_CONFIRMATIONS_PER_MAILBOX, over all
 * spellings of the address); beyond that the sign-up goes on as usual, answered the same, without a
 * mail. The count is claimed first (a claim is a transaction of its own) and given back when no
 * mail went out after all.
 */
export async function subscribe(
  db: Db,
  config: MailConfig,
  input: Newsletter,
  /** The language of the request (`requestLocale`), kept with the address. */
  locale?: Locale,
): Promise<'added' | 'listed'> {
  const budget = confirmationsOf(input.email);
  const mayMail = (await claimAttempt(db, [budget])).granted;
  let mailed = false;
  const queueConfirmationInBudget = async (trx: Db, subscriber: SubscriberRow) => {
    if (!mayMail) return;
    await queueConfirmation(trx, config, subscriber);
    mailed = true;
  };
  const outcome = await db.transaction().execute(async (trx) => {
    const added = await insertSubscriber(trx, { ...input, language: locale });
    if (added) {
      await queueConfirmationInBudget(trx, added);
      return 'added';
    }
    const listed = await findSubscriberByEmail(trx, input.email);
    if (listed && listed.confirmed_at === null) {
      const since = new Date(Date.now() - NEWSLETTER_CONFIRM_RESEND_MINUTES * 60_000).toISOString();
      if (!(await confirmationQueuedSince(trx, listed.email, since)))
        await queueConfirmationInBudget(trx, listed);
    }
    return 'listed';
  });
  if (mayMail && !mailed) await settleGoodAttempt(db, [budget]);
  return outcome;
}

const confirmLinkInvalid = () =>
  new HttpError(404, NEWSLETTER_ERROR_CODES.linkInvalid, MAIL_MESSAGES.confirmLinkInvalid);
const unsubscribeLinkInvalid = () =>
  new HttpError(404, NEWSLETTER_ERROR_CODES.linkInvalid, MAIL_MESSAGES.unsubscribeLinkInvalid);

/** `POST newsletter/confirm`: confirms the subscriber of the token; confirming twice is fine. */
export async function confirm(db: Db, token: string | undefined): Promise<void> {
  if (!token) throw confirmLinkInvalid();
  const subscriber = await findSubscriberByToken(db, token);
  if (!subscriber) throw confirmLinkInvalid();
  await confirmSubscriber(db, subscriber);
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
    await deleteSubscriberRow(trx, subscriber);
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
    if (subscribers.length === 0)
      throw conflict(NEWSLETTER_ERROR_CODES.noSubscribers, MAIL_MESSAGES.noSubscribers);
    const { name: schoolName } = await readSettings(trx);
    const school = await schoolLanguages(trx);
    // A fresh unsubscribe token per mail: only the hashes are stored (docs/decisions/0037).
    const tokens = await newUnsubscribeTokens(
      trx,
      subscribers.map((s) => s.id),
    );
    const contents: MailContent[] = subscribers.map((subscriber) =>
      newsletterMail(
        config,
        schoolName,
        input,
        subscriber,
        tokens.get(subscriber.id) ?? '',
        subscriberLocale(subscriber, school),
      ),
    );
    const issue = await insertIssue(trx, { ...input, sentBy, recipients: subscribers.length });
    await queueMails(trx, config, contents);
    return issue;
  });
}

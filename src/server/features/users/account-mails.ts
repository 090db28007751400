import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import type { SchoolSettings } from '../../../shared/api/settings.js';
import { type AnyLocale, DEFAULT_LOCALE } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import { translatorFor } from '../../lib/i18n.js';
import { contactTheSchool, listInWords } from '../../lib/mail-words.js';
import { type MailContent, mailLink } from '../mail/compose.js';

/**
 * The mails of an account's approval and rejection (docs/decisions/0024-family-mails.md): what the
 * registrant reads when the principal decides. Built here, queued by `changeStatus` inside its
 * transaction.
 */

export interface AccountHolder {
  name: string;
  email: string;
  /** The status before the change: a rejected active account is told it was closed. */
  previousStatus: string;
  /** Their language (`userLocale`): the mail is in it. */
  locale?: AnyLocale;
}

/**
 * The approval: they may log in now. A Parent reads which children the account is linked to (or
 * that the school links them next), since that is what the account is for.
 */
export function approvalMail(
  config: MailConfig,
  school: Pick<SchoolSettings, 'name'>,
  holder: AccountHolder,
  children?: readonly { studentName: string; className: string | null }[],
): MailContent {
  const locale = holder.locale ?? DEFAULT_LOCALE;
  const { t } = translatorFor(locale);
  const family =
    children === undefined
      ? []
      : children.length > 0
        ? [
            t('mail.account.approved.linked', {
              children: listInWords(
                children.map((c) => (c.className ? `${c.studentName} (${c.className})` : c.studentName)),
                locale,
              ),
              count: children.length,
            }),
          ]
        : [t('mail.account.approved.notLinked')];
  return {
    kind: 'account-approved',
    to: { address: holder.email, name: holder.name },
    subject: t('mail.account.approved.subject', { school: school.name }),
    greeting: t('mail.greeting', { name: holder.name }),
    paragraphs: [t('mail.account.approved.body', { school: school.name }), ...family],
    action: { label: t('mail.account.logIn'), url: mailLink(config, MAIL_LINK_PATHS.login) },
    footer: [t('mail.account.footer', { school: school.name })],
    locale,
  };
}

/** The rejection: short and polite, with how to reach the school. */
export function rejectionMail(
  school: Pick<SchoolSettings, 'name' | 'email' | 'phone'>,
  holder: AccountHolder,
): MailContent {
  const locale = holder.locale ?? DEFAULT_LOCALE;
  const { t } = translatorFor(locale);
  const wasActive = holder.previousStatus === 'active';
  const values = { school: school.name };
  return {
    kind: 'account-rejected',
    to: { address: holder.email, name: holder.name },
    subject: wasActive
      ? t('mail.account.closed.subject', values)
      : t('mail.account.rejected.subject', values),
    greeting: t('mail.greeting', { name: holder.name }),
    paragraphs: [
      wasActive ? t('mail.account.closed.body', values) : t('mail.account.rejected.body', values),
      t('mail.account.rejected.contact', { contact: contactTheSchool(school, locale) }),
    ],
    footer: [t('mail.account.footer', values)],
    locale,
  };
}

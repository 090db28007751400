import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import type { SchoolSettings } from '../../../shared/api/settings.js';
import type { MailConfig } from '../../config.js';
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
  const family =
    children === undefined
      ? []
      : children.length > 0
        ? [
            `Your account is linked to ${listInWords(
              children.map((c) => (c.className ? `${c.studentName} (${c.className})` : c.studentName)),
            )}. After logging in you can follow ${children.length === 1 ? 'your child’s' : 'your children’s'} attendance, results and notifications.`,
          ]
        : [
            'The school has not linked your children to your account yet; once it has, you will see them on your dashboard.',
          ];
  return {
    kind: 'account-approved',
    to: { address: holder.email, name: holder.name },
    subject: `Your account at ${school.name} is approved`,
    greeting: `Dear ${holder.name},`,
    paragraphs: [
      `Good news: ${school.name} has approved your account. You can now log in with your email address and the password you chose when you registered.`,
      ...family,
    ],
    action: { label: 'Log in', url: mailLink(config, MAIL_LINK_PATHS.login) },
    footer: [`You receive this mail because you registered an account at ${school.name}.`],
  };
}

/** The rejection: short and polite, with how to reach the school. */
export function rejectionMail(
  school: Pick<SchoolSettings, 'name' | 'email' | 'phone'>,
  holder: AccountHolder,
): MailContent {
  const wasActive = holder.previousStatus === 'active';
  return {
    kind: 'account-rejected',
    to: { address: holder.email, name: holder.name },
    subject: wasActive ? `Your account at ${school.name} was closed` : `Your registration at ${school.name}`,
    greeting: `Dear ${holder.name},`,
    paragraphs: [
      wasActive
        ? `Your account at ${school.name} has been closed, and you can no longer log in with it.`
        : `Thank you for registering at ${school.name}. We are sorry, but the school could not approve your account.`,
      `If you think this is a mistake or would like to know more, ${contactTheSchool(school)}`,
    ],
    footer: [`You receive this mail because you registered an account at ${school.name}.`],
  };
}

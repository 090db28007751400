import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import type { MailConfig } from '../../config.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import type { FamilyAddress } from './notifications.repository.js';

/**
 * A notification sent by mail to a guardian as well (docs/decisions/0024-family-mails.md): who sent
 * it, whom it is for, its text as written, and the way to the notifications in the school area.
 */

/** Whom the notification is for, as the mail says it. */
export type MailAudience = { className: string } | { pupilName: string } | 'everyone';

const audienceWords = (audience: MailAudience): string =>
  audience === 'everyone'
    ? 'the whole school'
    : 'className' in audience
      ? `all of ${audience.className}`
      : audience.pupilName;

export function notificationMail(
  config: MailConfig,
  school: { name: string },
  note: { senderName: string; audience: MailAudience; text: string },
  to: FamilyAddress,
): MailContent {
  const whom = audienceWords(note.audience);
  return {
    kind: 'notification',
    to: { address: to.email, name: to.name },
    subject: `New notification for ${whom}`,
    greeting: `Dear ${to.name},`,
    paragraphs: [`${note.senderName} sent this notification to ${whom}:`, note.text],
    action: { label: 'Open notifications', url: mailLink(config, MAIL_LINK_PATHS.notifications) },
    footer: [
      `You receive this mail because you are a guardian of a pupil at ${school.name}, and the sender chose to email the families.`,
    ],
  };
}

import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import { type AnyLocale, DEFAULT_LOCALE } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import { translatorFor } from '../../lib/i18n.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import type { FamilyAddress } from './notifications.repository.js';

/**
 * A notification sent by mail to a guardian as well (docs/decisions/0024-family-mails.md): who sent
 * it, whom it is for, its text as written, and the way to the notifications in the school area.
 */

/** Whom the notification is for, as the mail says it. */
export type MailAudience = { className: string } | { pupilName: string } | 'everyone';

const audienceWords = (locale: AnyLocale, audience: MailAudience): string => {
  const { t } = translatorFor(locale);
  return audience === 'everyone'
    ? t('mail.notification.everyone')
    : 'className' in audience
      ? t('mail.notification.class', { className: audience.className })
      : audience.pupilName;
};

export function notificationMail(
  config: MailConfig,
  school: { name: string },
  note: { senderName: string; audience: MailAudience; text: string },
  to: FamilyAddress,
  /** The guardian's language (`userLocale`). */
  locale: AnyLocale = DEFAULT_LOCALE,
): MailContent {
  const { t } = translatorFor(locale);
  const whom = audienceWords(locale, note.audience);
  return {
    kind: 'notification',
    to: { address: to.email, name: to.name },
    subject: t('mail.notification.subject', { whom }),
    greeting: t('mail.greeting', { name: to.name }),
    paragraphs: [t('mail.notification.body', { sender: note.senderName, whom }), note.text],
    action: { label: t('mail.notification.action'), url: mailLink(config, MAIL_LINK_PATHS.notifications) },
    footer: [t('mail.notification.footer', { school: school.name })],
    locale,
  };
}

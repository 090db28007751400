import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import type { SchoolSettings } from '../../../shared/api/settings.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import { translatorFor } from '../../lib/i18n.js';
import { contactTheSchool } from '../../lib/mail-words.js';
import { type MailContent, mailLink } from '../mail/compose.js';

/**
 * The mail a staff member gets when the principal resets their two-factor
 * (docs/decisions/0116-the-principal-resets-two-factor.md), in their language: who reset it, that the
 * old codes and recovery codes are dead, and what their next log-in is like: set it up again when
 * the school requires it, the password alone when not. Queued in the reset's transaction.
 */
export function twoFactorResetMail(
  config: MailConfig,
  school: Pick<SchoolSettings, 'name' | 'email' | 'phone'>,
  member: { name: string; email: string; locale: AnyLocale },
  principalName: string,
  requiredForStaff: boolean,
): MailContent {
  const { t } = translatorFor(member.locale);
  const values = { school: school.name };
  return {
    kind: 'two-factor-reset',
    to: { address: member.email, name: member.name },
    subject: t('mail.twoFactorReset.subject', values),
    greeting: t('mail.greeting', { name: member.name }),
    paragraphs: [
      t('mail.twoFactorReset.body', { ...values, principal: principalName }),
      requiredForStaff ? t('mail.twoFactorReset.required') : t('mail.twoFactorReset.optional'),
      t('mail.twoFactorReset.notYou', { contact: contactTheSchool(school, member.locale) }),
    ],
    action: { label: t('mail.account.logIn'), url: mailLink(config, MAIL_LINK_PATHS.login) },
    footer: [t('mail.twoFactorReset.footer', values)],
    locale: member.locale,
  };
}

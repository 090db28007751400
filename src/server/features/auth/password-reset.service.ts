import crypto from 'node:crypto';
import { AUTH_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { MAIL_LINK_PATHS, MAIL_MESSAGES, PASSWORD_RESET_MINUTES } from '../../../shared/api/mail.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { type AttemptLimit, claimAttempt, settleGoodAttempt } from '../../lib/attempt-counters.js';
import { HttpError } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { nowIso } from '../../lib/time.js';
import { mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { userLocale } from '../settings/settings.repository.js';
import { emailKeyOf, updateUser } from '../users/users.repository.js';
import { forgetDevices } from './device-login.js';
import { hashPassword } from './password.js';
import {
  dropOtherResetLinks,
  findResetLink,
  findResetRecipient,
  type ResetRecipient,
  replaceResetLink,
  useResetLink,
} from './password-reset.repository.js';
import { hashToken, isWellFormedToken, revokeUserSessions } from './session.js';

/**
 * Password reset (docs/decisions/0023-password-reset.md): a link by mail, valid for
 * PASSWORD_RESET_MINUTES and once, that sets a new password and ends every session of the account.
 */

const HOUR_MS = 60 * 60 * 1000;

/**
 * Requests are counted like log-ins (login-throttle.ts), in the database: per account (the
 * lowercased email, known or not, so a 429 tells nothing about which emails exist) and per client
 * address. Each request may send a mail, so every request counts, answered well or not.
 * Confirmations are counted per address: each one is a guess at a token.
 */
export const RESET_LIMITS = {
  account: { max: 5, windowMs: HOUR_MS },
  address: { max: 20, windowMs: HOUR_MS },
  confirmAddress: { max: 20, windowMs: HOUR_MS },
} as const;

const tooManyResets = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    AUTH_ERROR_CODES.tooManyResets,
    MAIL_MESSAGES.tooManyResets(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
    undefined,
    retryAfterSeconds,
  );

export const resetLinkInvalid = () =>
  new HttpError(400, AUTH_ERROR_CODES.resetLinkInvalid, MAIL_MESSAGES.resetLinkInvalid);

async function claim(db: Db, limits: readonly AttemptLimit[]): Promise<void> {
  const result = await claimAttempt(db, limits);
  if (!result.granted) throw tooManyResets(result.retryAfterSeconds);
}

/** The mail with the link, in the user's name. */
function resetMail(user: ResetRecipient, url: string, locale: Locale) {
  const { t } = translatorFor(locale);
  return {
    kind: 'password-reset' as const,
    to: { address: user.email, name: user.name },
    subject: t('mail.reset.subject'),
    greeting: t('mail.greeting', { name: user.name }),
    paragraphs: [t('mail.reset.body'), t('mail.reset.expiry', { minutes: PASSWORD_RESET_MINUTES })],
    action: { label: t('mail.reset.action'), url },
    footer: [t('mail.reset.footer')],
    locale,
  };
}

/**
 * `POST users/password-reset`. The caller learns nothing: every email gets the same answer, and only
 * a known active account gets a mail. The mail is queued with its link in one transaction and sent
 * by the background sender, so no SMTP round trip shows in the answer's timing, and no password is
 * hashed on either path; what differs is one short write (the decision record says why that is
 * accepted).
 */
export async function requestPasswordReset(
  db: Db,
  mail: MailConfig,
  email: string,
  address: string,
): Promise<void> {
  const emailKey = emailKeyOf(email);
  await claim(db, [
    { subject: `reset-account:${emailKey}`, ...RESET_LIMITS.account },
    { subject: `reset-address:${address}`, ...RESET_LIMITS.address },
  ]);

  const user = await findResetRecipient(db, emailKey);
  if (user?.status !== 'active') return;

  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const url = mailLink(mail, MAIL_LINK_PATHS.resetPassword, { token });
  await db.transaction().execute(async (trx) => {
    await replaceResetLink(trx, {
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
    });
    await queueMails(trx, mail, [resetMail(user, url, await userLocale(trx, user.id))]);
  });
}

/**
 * `POST users/password-reset/confirm`. A link that works sets the password, is used up and ends
 * every session of the account, all in one transaction; any other token is the same 400.
 */
export async function confirmPasswordReset(
  db: Db,
  token: string,
  password: string,
  address: string,
): Promise<void> {
  const limit = { subject: `reset-confirm-address:${address}`, ...RESET_LIMITS.confirmAddress };
  await claim(db, [limit]);

  // Reset tokens have the session tokens' shape: 32 random bytes in base64url.
  const link = isWellFormedToken(token) ? await findResetLink(db, hashToken(token)) : undefined;
  if (!link || link.usedAt !== null || link.expiresAt <= nowIso() || link.userStatus !== 'active') {
    throw resetLinkInvalid();
  }

  // Hashed before the transaction: argon2 takes a while, and the transaction should not.
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    // The check above may be stale (a second confirmation, the link expiring meanwhile).
    if (!(await useResetLink(trx, link.id, now))) throw resetLinkInvalid();
    await updateUser(trx, link.userId, { passwordHash }, now);
    await revokeUserSessions(trx, link.userId);
    await forgetDevices(trx, link.userId);
    await dropOtherResetLinks(trx, link.userId, link.id);
  });
  // A link that worked is not held against the address.
  await settleGoodAttempt(db, [limit]);
}

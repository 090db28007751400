import QRCode from 'qrcode';
import { TWO_FACTOR_ERROR_CODES, USER_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { type Enrolment, type StaffTwoFactor, TWO_FACTOR_MESSAGES } from '../../../shared/api/two-factor.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { conflict, notFound } from '../../lib/errors.js';
import { userLocale } from '../../lib/school-languages.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { SessionUser } from '../auth/session.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings } from '../settings/settings.repository.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { twoFactorResetMail } from './reset-mail.js';
import { acceptedStep, newTotpSecret, otpauthUri } from './totp.js';
import { type ResetRefusal, twoFactorResetRefusal } from './two-factor.policy.js';
import {
  enableTwoFactor,
  findAccount,
  findResetTarget,
  findTwoFactor,
  listStaffTwoFactor,
  replaceRecoveryCodes,
  resetTwoFactor,
  savePendingSecret,
  spendRecoveryCode,
  staffRequired,
  takeStep,
} from './two-factor.repository.js';

/** Enrolment, checking a factor, new recovery codes (docs/decisions/0108-two-factor-for-staff.md). */

/** What an account's TOTP secret is sealed for: copied to another account's row, it does not open. */
export const sealedFor = (userId: number): string => `two-factor:${userId}`;

/** A fresh secret for the account, kept sealed until its first code; undefined when two-factor is on. */
export async function startEnrolment(
  db: Db,
  box: SecretBox,
  userId: number,
  now: Date,
): Promise<Enrolment | undefined> {
  const account = await findAccount(db, userId);
  if (!account) return undefined;
  const secret = newTotpSecret();
  if (!(await savePendingSecret(db, userId, box.seal(sealedFor(userId), secret), now))) return undefined;
  const uri = otpauthUri(secret, account.email);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauthUri: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}

/** The first code turns two-factor on; answers the ten recovery codes, or undefined for a wrong code. */
export async function confirmEnrolment(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
): Promise<string[] | undefined> {
  const record = await findTwoFactor(db, userId);
  if (!record || record.enabledAt !== undefined) return undefined;
  const secret = box.open(sealedFor(userId), record.secretSealed);
  if (secret === undefined) return undefined;
  const step = acceptedStep(secret, code, record.lastStep, now.getTime());
  if (step === undefined) return undefined;
  const codes = newRecoveryCodes();
  if (!(await enableTwoFactor(db, userId, step, codes.map(hashRecoveryCode), now))) return undefined;
  return codes;
}

export interface Factor {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/**
 * Whether the factor is right for an account with two-factor on, using it up: a code's step (that
 * step and earlier ones then fail), a recovery code for good.
 */
export async function checkFactor(
  db: Db,
  box: SecretBox,
  userId: number,
  factor: Factor,
  now: Date,
): Promise<boolean> {
  const record = await findTwoFactor(db, userId);
  if (!record || record.enabledAt === undefined) return false;
  if (factor.recoveryCode !== undefined) {
    return spendRecoveryCode(db, userId, hashRecoveryCode(factor.recoveryCode), now);
  }
  if (factor.code === undefined) return false;
  const secret = box.open(sealedFor(userId), record.secretSealed);
  if (secret === undefined) return false;
  const step = acceptedStep(secret, factor.code, record.lastStep, now.getTime());
  return step !== undefined && (await takeStep(db, userId, step));
}

/** Ten new recovery codes in place of the old ones; remembered devices are forgotten. */
export async function renewRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** The answer to each refusal of a reset (two-factor.policy.ts). */
function refusalError(refusal: ResetRefusal) {
  switch (refusal) {
    case 'not-found':
      return notFound(TWO_FACTOR_MESSAGES.staffAccount);
    case 'own-account':
      return conflict(USER_ERROR_CODES.ownAccount, TWO_FACTOR_MESSAGES.ownReset);
    case 'not-staff':
      return conflict(TWO_FACTOR_ERROR_CODES.twoFactorState, TWO_FACTOR_MESSAGES.staffOnly);
    case 'not-enabled':
      return conflict(TWO_FACTOR_ERROR_CODES.twoFactorState, TWO_FACTOR_MESSAGES.notEnabled);
  }
}

/**
 * The principal resets a staff member's two-factor (docs/decisions/0116-the-principal-resets-two-factor.md):
 * in one transaction the secret, recovery codes, remembered devices and waiting log-ins go, the reset
 * is kept with the principal's name, and the member's mail is queued. Sessions stay. Answers the
 * account as the principal's list shows it now.
 */
export async function resetStaffTwoFactor(
  db: Db,
  mail: MailConfig,
  principal: SessionUser,
  userId: number,
  locale: AnyLocale,
  now: Date,
): Promise<StaffTwoFactor> {
  await db.transaction().execute(async (trx) => {
    const target = await findResetTarget(trx, userId);
    const refusal = twoFactorResetRefusal(principal, target);
    if (refusal !== undefined || target === undefined) throw refusalError(refusal ?? 'not-found');
    // Two principals at once: the second finds nothing on, as if it had read it so.
    if (!(await resetTwoFactor(trx, target.id, principal, now))) throw refusalError('not-enabled');
    const school = await readSettings(trx);
    const member = { name: target.name, email: target.email, locale: await userLocale(trx, target.id) };
    await queueMails(trx, mail, [
      twoFactorResetMail(mail, school, member, principal.name, await staffRequired(trx)),
    ]);
  });
  const [answer] = await listStaffTwoFactor(db, { onlyId: userId }, locale);
  if (!answer) throw notFound(TWO_FACTOR_MESSAGES.staffAccount);
  return answer;
}

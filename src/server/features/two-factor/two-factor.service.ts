import QRCode from 'qrcode';
import type { Enrolment } from '../../../shared/api/two-factor.js';
import type { Db } from '../../db/connect.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { acceptedStep, newTotpSecret, otpauthUri } from './totp.js';
import {
  enableTwoFactor,
  findAccount,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
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

import crypto from 'node:crypto';
import { AUTH_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ROLLOVER_MESSAGES } from '../../../shared/api/rollover.js';
import { SSO_MESSAGES } from '../../../shared/api/single-sign-on.js';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { archivedAccessOpen } from '../rollover/rollover.repository.js';
import { requireSecondFactor } from '../two-factor/second-factor-gate.js';
import { emailKeyOf, findLoginRecord } from '../users/users.repository.js';
import { findTrustedDevice, rememberDevice } from './device-login.js';
import { claimPasswordCheck, passwordCheckSucceeded } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password.js';
import { createSession } from './session.js';

const invalidCredentials = () =>
  new HttpError(401, AUTH_ERROR_CODES.invalidCredentials, USER_MESSAGES.invalidCredentials);

/**
 * An unknown email is checked against this hash, so that it takes as long as a wrong password
 * and the two answers cannot be told apart by their timing either.
 */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = (): Promise<string> => {
  dummyHash ??= hashPassword(crypto.randomBytes(24).toString('base64url'));
  return dummyHash;
};

export interface LogInAttempt {
  email: string;
  password: string;
  /** The client's address (request.ip: the proxy's forwarded address when it is trusted). */
  address: string;
  /** The well-formed device tokens the request's cookies carry (device-login.ts). */
  deviceTokens: readonly string[];
  /**
   * Whether the school refuses a password log-in to this type of account: staff who must sign in
   * with the school's provider (docs/decisions/0107-sign-in-with-the-schools-provider.md), as the
   * principal set it (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
   */
  passwordRefusedFor?: (type: string) => boolean | Promise<boolean>;
  /** The request's Cookie header: its remembered-device cookie skips the second factor (features/two-factor). */
  cookieHeader?: string | undefined;
}

export interface LoggedIn {
  /** The session's token, the answer's `token`. */
  token: string;
  /** The device cookie's token: the one presented when the server issued it, else a fresh one. */
  deviceToken: string;
}

/**
 * Checks a log-in and opens a session. Order matters: the attempt is claimed (counted) before any
 * password is checked, so no burst of parallel attempts checks more passwords than the limits
 * allow; a wrong password or unknown email keeps its claim; the account's status is told only to
 * someone who knows the password. A device that logged in to the account before claims from its
 * own budget (login-throttle.ts); every successful log-in leaves the device known to the account.
 */
export async function logIn(db: Db, attempt: LogInAttempt): Promise<LoggedIn> {
  const emailKey = emailKeyOf(attempt.email);
  const device = await findTrustedDevice(db, attempt.deviceTokens, emailKey);
  const subject = { emailKey, address: attempt.address, device };
  await claimPasswordCheck(db, subject);

  const account = await findLoginRecord(db, subject.emailKey);
  const matches = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), attempt.password);
  if (!account || !matches) throw invalidCredentials();
  await passwordCheckSucceeded(db, subject);
  if (account.status === 'pending')
    throw new HttpError(403, AUTH_ERROR_CODES.accountPending, USER_MESSAGES.accountPending);
  if (account.status !== 'active')
    throw new HttpError(403, AUTH_ERROR_CODES.accountRejected, USER_MESSAGES.accountRejected);
  // An archived account (a leaver, docs/decisions/0091-the-year-rollover.md) signs in for as long as the school sets.
  if (account.archivedAt !== null && !(await archivedAccessOpen(db, account.archivedAt, nowIso())))
    throw new HttpError(403, AUTH_ERROR_CODES.accountArchived, ROLLOVER_MESSAGES.archiveClosed);
  // Told only to someone who knows the password, like the account's status.
  if (await attempt.passwordRefusedFor?.(account.type))
    throw new HttpError(403, AUTH_ERROR_CODES.ssoRequired, SSO_MESSAGES.ssoRequired);
  // Staff with two-factor get a challenge instead (docs/decisions/0108-two-factor-for-staff.md).
  await requireSecondFactor(db, account.id, attempt.cookieHeader);
  const token = await createSession(db, account.id);
  return { token, deviceToken: await rememberDevice(db, attempt.deviceTokens, account.id) };
}

import crypto from 'node:crypto';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../lib/errors.js';
import { emailKeyOf, findLoginRecord } from '../users/users.repository.js';
import { clearAccountFailures, recordFailure, secondsUntilAllowed } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password.js';
import { createSession } from './session.js';

/** 429 with the seconds to wait; the route copies them into `Retry-After`. */
export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many failed log-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
}

const invalidCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', USER_MESSAGES.invalidCredentials);

/**
 * An unknown email is checked against this hash, so that it takes as long as a wrong password
 * and the two answers cannot be told apart by their timing either.
 */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = (): Promise<string> => {
  dummyHash ??= hashPassword(crypto.randomBytes(24).toString('base64url'));
  return dummyHash;
};

/**
 * Checks a log-in and opens a session. Order matters: a throttled account or address is refused
 * before any password is checked; the account's status is told only to someone who knows the
 * password; every wrong password or unknown email counts against both the account and the address.
 */
export async function logIn(db: Db, email: string, password: string, address: string): Promise<string> {
  const subject = { emailKey: emailKeyOf(email), address };
  const wait = await secondsUntilAllowed(db, subject);
  if (wait > 0) throw new TooManyAttemptsError(wait);

  const account = await findLoginRecord(db, subject.emailKey);
  const matches = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), password);
  if (!account || !matches) {
    await recordFailure(db, subject);
    throw invalidCredentials();
  }
  if (account.status === 'pending') throw new HttpError(403, 'ACCOUNT_PENDING', USER_MESSAGES.accountPending);
  if (account.status !== 'active')
    throw new HttpError(403, 'ACCOUNT_REJECTED', USER_MESSAGES.accountRejected);

  await clearAccountFailures(db, subject.emailKey);
  return createSession(db, account.id);
}

import crypto from 'node:crypto';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../lib/errors.js';
import { emailKeyOf, findLoginRecord } from '../users/users.repository.js';
import { claimPasswordCheck, passwordCheckSucceeded } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password.js';
import { createSession } from './session.js';

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
 * Checks a log-in and opens a session. Order matters: the attempt is claimed (counted) before any
 * password is checked, so no burst of parallel attempts checks more passwords than the limits
 * allow; a wrong password or unknown email keeps its claim; the account's status is told only to
 * someone who knows the password.
 */
export async function logIn(db: Db, email: string, password: string, address: string): Promise<string> {
  const subject = { emailKey: emailKeyOf(email), address };
  await claimPasswordCheck(db, subject);

  const account = await findLoginRecord(db, subject.emailKey);
  const matches = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), password);
  if (!account || !matches) throw invalidCredentials();
  await passwordCheckSucceeded(db, subject);
  if (account.status === 'pending') throw new HttpError(403, 'ACCOUNT_PENDING', USER_MESSAGES.accountPending);
  if (account.status !== 'active')
    throw new HttpError(403, 'ACCOUNT_REJECTED', USER_MESSAGES.accountRejected);
  return createSession(db, account.id);
}

import { AUTH_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { Db } from '../../db/connect.js';
import { type AttemptLimit, claimAttempt, settleGoodAttempt } from '../../lib/attempt-counters.js';
import { HttpError } from '../../lib/errors.js';
import type { TrustedDevice } from './device-login.js';

/**
 * How many passwords may be tried, counted in the database (lib/attempt-counters.ts) and claimed
 * before each password is checked. From a device unknown to the account, three counters, so that
 * the limits stop a guesser without letting one lock the rightful owner out:
 * - the account from one address: 5 in 15 minutes (the guesser at their own machine);
 * - one address over all accounts: 20 in 15 minutes (one machine trying many accounts);
 * - the account over all addresses: 50 in an hour (many machines on one account).
 * A device that logged in to the account before (its device cookie, device-login.ts) is counted
 * only on its own: 10 in an hour for the account on that device, wherever it is. Strangers who
 * reach the limits above therefore do not lock out the owner's own devices, and a stolen device
 * cookie buys no more than a few guesses (docs/decisions/0038-device-cookies.md).
 * The account is the lowercased email, known or not, so the answer never tells which emails exist.
 * A right password is not held against anyone: it is given back, and the account starts afresh
 * at that address, or on that device.
 */
export const LOGIN_LIMITS = {
  accountAtAddress: { max: 5, windowMs: 15 * 60 * 1000 },
  address: { max: 20, windowMs: 15 * 60 * 1000 },
  account: { max: 50, windowMs: 60 * 60 * 1000 },
  accountOnDevice: { max: 10, windowMs: 60 * 60 * 1000 },
} as const;

export interface ThrottleSubject {
  emailKey: string;
  address: string;
  /** The device that logged in to this account before, when the request carries its cookie. */
  device?: TrustedDevice;
}

/** 429 with the seconds to wait (the error handler sends them as `Retry-After`). */
export class TooManyAttemptsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      AUTH_ERROR_CODES.tooManyAttempts,
      `Too many failed log-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      undefined,
      retryAfterSeconds,
    );
  }
}

/** The counters of a log-in from a device the account does not know. */
function limitsOf({ emailKey, address }: ThrottleSubject) {
  return {
    accountAtAddress: {
      subject: `login-account-at-address:${emailKey}\n${address}`,
      ...LOGIN_LIMITS.accountAtAddress,
    },
    address: { subject: `login-address:${address}`, ...LOGIN_LIMITS.address },
    account: { subject: `login-account:${emailKey}`, ...LOGIN_LIMITS.account },
  } satisfies Record<Exclude<keyof typeof LOGIN_LIMITS, 'accountOnDevice'>, AttemptLimit>;
}

/** The counter of a device that logged in to the account before: its own budget. */
function deviceLimitOf(device: TrustedDevice): AttemptLimit {
  return {
    subject: `login-account-on-device:${device.userId}\n${device.tokenHash}`,
    ...LOGIN_LIMITS.accountOnDevice,
  };
}

/**
 * Claims one password check for the subject; throws TooManyAttemptsError when a limit is reached.
 * A known device claims only from its own budget: it is neither counted against the account's
 * limits nor stopped by them.
 */
export async function claimPasswordCheck(db: Db, subject: ThrottleSubject): Promise<void> {
  const limits = subject.device ? [deviceLimitOf(subject.device)] : Object.values(limitsOf(subject));
  const claim = await claimAttempt(db, limits);
  if (!claim.granted) throw new TooManyAttemptsError(claim.retryAfterSeconds);
}

/**
 * The password was right: the claim is given back, and the account starts afresh at the address
 * (or on the known device).
 */
export async function passwordCheckSucceeded(db: Db, subject: ThrottleSubject): Promise<void> {
  if (subject.device) {
    await settleGoodAttempt(db, [], [deviceLimitOf(subject.device)]);
    return;
  }
  const limits = limitsOf(subject);
  await settleGoodAttempt(db, [limits.address, limits.account], [limits.accountAtAddress]);
}

import type { Db } from '../../db/connect.js';
import { type AttemptLimit, claimAttempt, settleGoodAttempt } from '../../lib/attempt-counters.js';
import { HttpError } from '../../lib/errors.js';

/**
 * How many passwords may be tried, counted in the database (lib/attempt-counters.ts) and claimed
 * before each password is checked. Three counters, so that the limits stop a guesser without
 * letting one lock the rightful owner out:
 * - the account from one address: 5 in 15 minutes (the guesser at their own machine);
 * - one address over all accounts: 20 in 15 minutes (one machine trying many accounts);
 * - the account over all addresses: 50 in an hour (many machines on one account), high enough that
 *   a few guesses from elsewhere leave the owner, at their own address, able to log in.
 * The account is the lowercased email, known or not, so the answer never tells which emails exist.
 * A right password is not held against anyone: it is given back, and the account starts afresh
 * at that address.
 */
export const LOGIN_LIMITS = {
  accountAtAddress: { max: 5, windowMs: 15 * 60 * 1000 },
  address: { max: 20, windowMs: 15 * 60 * 1000 },
  account: { max: 50, windowMs: 60 * 60 * 1000 },
} as const;

export interface ThrottleSubject {
  emailKey: string;
  address: string;
}

/** 429 with the seconds to wait (the error handler sends them as `Retry-After`). */
export class TooManyAttemptsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many failed log-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      undefined,
      retryAfterSeconds,
    );
  }
}

function limitsOf({ emailKey, address }: ThrottleSubject) {
  return {
    accountAtAddress: {
      subject: `login-account-at-address:${emailKey}\n${address}`,
      ...LOGIN_LIMITS.accountAtAddress,
    },
    address: { subject: `login-address:${address}`, ...LOGIN_LIMITS.address },
    account: { subject: `login-account:${emailKey}`, ...LOGIN_LIMITS.account },
  } satisfies Record<keyof typeof LOGIN_LIMITS, AttemptLimit>;
}

/** Claims one password check for the subject; throws TooManyAttemptsError when a limit is reached. */
export async function claimPasswordCheck(db: Db, subject: ThrottleSubject): Promise<void> {
  const claim = await claimAttempt(db, Object.values(limitsOf(subject)));
  if (!claim.granted) throw new TooManyAttemptsError(claim.retryAfterSeconds);
}

/** The password was right: the claim is given back, and the account starts afresh at the address. */
export async function passwordCheckSucceeded(db: Db, subject: ThrottleSubject): Promise<void> {
  const limits = limitsOf(subject);
  await settleGoodAttempt(db, [limits.address, limits.account], [limits.accountAtAddress]);
}

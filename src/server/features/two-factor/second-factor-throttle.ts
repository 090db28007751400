import type { Db } from '../../db/connect.js';
import { type AttemptLimit, claimAttempt, settleGoodAttempt } from '../../lib/attempt-counters.js';
import { LOGIN_LIMITS, TooManyAttemptsError } from '../auth/login-throttle.js';

/**
 * The second factor is throttled like the password (features/auth/login-throttle.ts), on counters
 * of its own: claimed before the code is checked, per account at one address, per address and per
 * account over all addresses, with the password's numbers. A wrong code keeps its claim; a right
 * one gives it back. Six digits with three steps accepted: 5 tries in 15 minutes give a guesser
 * about one chance in 67,000 per window (docs/decisions/0108-two-factor-for-staff.md).
 */

export interface SecondFactorSubject {
  userId: number;
  address: string;
}

function limitsOf({ userId, address }: SecondFactorSubject) {
  return {
    accountAtAddress: {
      subject: `second-factor-account-at-address:${userId}\n${address}`,
      ...LOGIN_LIMITS.accountAtAddress,
    },
    address: { subject: `second-factor-address:${address}`, ...LOGIN_LIMITS.address },
    account: { subject: `second-factor-account:${userId}`, ...LOGIN_LIMITS.account },
  } satisfies Record<string, AttemptLimit>;
}

export async function claimSecondFactorCheck(db: Db, subject: SecondFactorSubject): Promise<void> {
  const claim = await claimAttempt(db, Object.values(limitsOf(subject)));
  if (!claim.granted) throw new TooManyAttemptsError(claim.retryAfterSeconds);
}

export async function secondFactorCheckSucceeded(db: Db, subject: SecondFactorSubject): Promise<void> {
  const limits = limitsOf(subject);
  await settleGoodAttempt(db, [limits.address, limits.account], [limits.accountAtAddress]);
}

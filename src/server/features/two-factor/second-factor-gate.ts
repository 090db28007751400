import { TWO_FACTOR_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  isStaffType,
  type SecondFactorChallenge,
  TWO_FACTOR_MESSAGES,
} from '../../../shared/api/two-factor.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../lib/errors.js';
import { isWellFormedToken } from '../auth/session.js';
import {
  createChallenge,
  findAccount,
  hasTwoFactor,
  isRememberedDevice,
  staffRequired,
} from './two-factor.repository.js';

/**
 * The step of the password log-in that two-factor adds (docs/decisions/0108-two-factor-for-staff.md),
 * called by features/auth/login.ts once the password is right and the account may sign in. A staff
 * account with two-factor on, from a device it does not remember, or one the school requires to have
 * it and that has none, gets no session: a 401 SECOND_FACTOR_REQUIRED carries a challenge for the
 * second call (`POST users/login/second-factor`). A 401 rather than a new kind of 200: every client
 * of `POST users/login` reads a 200 as a token, and one that does not know two-factor then shows a
 * refusal instead of starting a session without a token.
 */

/** The remembered device's cookie: apart from the password throttle's device cookie, and only for 30 days. */
export const TWO_FACTOR_DEVICE_COOKIE = 'kids_pre_2fa_device';
export const TWO_FACTOR_DEVICE_COOKIE_PATH = '/api/users/login';

/** The well-formed tokens of the remembered-device cookie in a Cookie header (at most a few). */
export function rememberedDeviceTokensOf(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const tokens: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== TWO_FACTOR_DEVICE_COOKIE) continue;
    const value = pair.slice(equals + 1).trim();
    if (isWellFormedToken(value) && !tokens.includes(value)) tokens.push(value);
    if (tokens.length >= 4) break;
  }
  return tokens;
}

/** Throws the 401 with a challenge when the account needs its second factor; returns otherwise. */
export async function requireSecondFactor(
  db: Db,
  userId: number,
  cookieHeader: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  const account = await findAccount(db, userId);
  if (!account || !isStaffType(account.type)) return;
  let enrol = false;
  if (await hasTwoFactor(db, userId)) {
    if (await isRememberedDevice(db, userId, rememberedDeviceTokensOf(cookieHeader), now)) return;
  } else {
    if (!(await staffRequired(db))) return;
    enrol = true;
  }
  const details: SecondFactorChallenge = { challenge: await createChallenge(db, userId, enrol, now), enrol };
  throw new HttpError(
    401,
    TWO_FACTOR_ERROR_CODES.secondFactorRequired,
    enrol ? TWO_FACTOR_MESSAGES.enrolmentRequired : TWO_FACTOR_MESSAGES.secondFactorRequired,
    details,
  );
}

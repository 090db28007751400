import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR } from '../../../shared/api/two-factor.js';

/**
 * TOTP (RFC 6238) through otpauth, with the defaults every authenticator app reads (SHA-1,
 * 6 digits, 30 seconds). A code is accepted once: the step it belongs to must be later than the
 * last accepted step of the account, so a code seen over a shoulder, or sent twice, opens nothing
 * (docs/decisions/0108-two-factor-for-staff.md).
 */

/** 20 random bytes (RFC 4226's recommended 160 bits), in base32 as the apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// link an app reads from the QR code. */
export const otpauthUri = (secret: string, label: string): string => totpOf(secret, label).toString();

/** The step of an instant: how many periods since 1970. */
export const stepAt = (now: number): number => Math.floor(now / 1000 / TWO_FACTOR.periodSeconds);

/**
 * The step of `code` when it is right within the drift allowed and later than `lastStep`;
 * undefined otherwise.
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number,
  now: number,
): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TWO_FACTOR.driftSteps });
  if (delta === null) return undefined;
  const step = stepAt(now) + delta;
  return step > lastStep ? step : undefined;
}

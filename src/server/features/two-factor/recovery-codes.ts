import crypto from 'node:crypto';
import { TWO_FACTOR } from '../../../shared/api/two-factor.js';
import { hashToken } from '../../lib/secret-token.js';

/**
 * Recovery codes: 16 characters of Crockford's base32 (80 random bits), shown as four groups of
 * four. That is long enough for a plain SHA-256 at rest, like the other random secrets
 * (lib/secret-token.ts): nothing to guess from the hash, and no slow password hash to run ten
 * times per attempt (docs/decisions/0108-two-factor-for-staff.md).
 */

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 16;

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: TWO_FACTOR.recoveryCodes }, () => newRecoveryCode());

/** As typed: any case, with or without dashes and spaces, O for 0 and I or L for 1. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

export const hashRecoveryCode = (typed: string): string =>
  hashToken(`recovery:${normalizeRecoveryCode(typed)}`);

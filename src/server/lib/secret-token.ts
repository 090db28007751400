import crypto from 'node:crypto';

/**
 * The secrets the server checks (session tokens, password-reset and newsletter links): random
 * bytes in base64url, handed to their holder once; the database keeps only the SHA-256
 * (docs/decisions/0037-no-live-secret-at-rest.md), so a copy of it, or a backup, opens nothing. A
 * plain hash is enough: the token is random and long, so there is nothing to guess from it.
 */

export const newSecretToken = (bytes: number): string => crypto.randomBytes(bytes).toString('base64url');

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The TOTP secret is a live secret: the server must read it back to compute the codes, so it
 * cannot be hashed like the other secrets (docs/decisions/0037-no-live-secret-at-rest.md). It is
 * sealed instead, AES-256-GCM with a key kept outside the database: TWO_FACTOR_KEY, or a key file
 * under DATA_DIR made on first need (docs/decisions/0108-two-factor-for-staff.md). A copy of the
 * database, or a backup, holds no secret that opens without that key.
 *
 *   v1.<key id>.<nonce>.<ciphertext and tag>   (base64url; key id: 8 hex of the key's SHA-256)
 *
 * The associated data is the account's id, so a sealed secret copied to another account's row does
 * not open there. A value sealed under another key (a backup restored on a server with a new key)
 * is told apart by its key id and opens to nothing: the owner signs in with a recovery code.
 */

export interface SecretBox {
  seal(userId: number, secret: string): string;
  /** The secret, or undefined when the value was sealed under another key or was changed. */
  open(userId: number, sealed: string): string | undefined;
}

const KEY_BYTES = 32;

/** The key: the environment's when set, else the key file's, which is made (owner-only) when missing. */
export function loadTwoFactorKey(options: { key: string | undefined; keyFile: string }): Buffer {
  if (options.key !== undefined) return Buffer.from(options.key, 'base64');
  try {
    const text = fs.readFileSync(options.keyFile, 'utf8').trim();
    const key = Buffer.from(text, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${options.keyFile} does not hold a 32-byte base64 key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(options.keyFile), { recursive: true });
  const fresh = crypto.randomBytes(KEY_BYTES);
  try {
    // `wx`: two processes starting together keep the one key written first.
    fs.writeFileSync(options.keyFile, `${fresh.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadTwoFactorKey(options);
  }
}

const aadOf = (userId: number) => Buffer.from(`two-factor:${userId}`, 'utf8');

export function secretBox(key: Buffer): SecretBox {
  const keyId = crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    seal(userId, secret) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aadOf(userId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return ['v1', keyId, nonce.toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(userId, sealed) {
      const [version, id, nonceText, bodyText] = sealed.split('.');
      if (version !== 'v1' || id !== keyId || !nonceText || !bodyText) return undefined;
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < 17) return undefined;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonceText, 'base64url'));
        decipher.setAAD(aadOf(userId));
        decipher.setAuthTag(body.subarray(body.length - 16));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

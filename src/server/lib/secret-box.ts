import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Live secrets the server must read back (a staff member's TOTP secret, the school's client secret
 * at its sign-in provider) cannot be hashed like the other secrets
 * (docs/decisions/0037-no-live-secret-at-rest.md). They are sealed instead, AES-256-GCM with a key
 * kept outside the database: TWO_FACTOR_KEY, or a key file under DATA_DIR made on first need
 * (docs/decisions/0108-two-factor-for-staff.md, docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
 * A copy of the database, or a backup, holds no secret that opens without that key.
 *
 *   v1.<key id>.<nonce>.<ciphertext and tag>   (base64url; key id: 8 hex of the key's SHA-256)
 *
 * The associated data names what the secret is for (`two-factor:<account id>`,
 * `sso-client-secret`), so a sealed value copied into another row does not open there. A value
 * sealed under another key (a backup restored on a server with a new key) is told apart by its key
 * id and opens to nothing.
 */

export interface SecretBox {
  seal(purpose: string, secret: string): string;
  /** The secret, or undefined when the value was sealed under another key or for another purpose, or was changed. */
  open(purpose: string, sealed: string): string | undefined;
}

const KEY_BYTES = 32;

export interface SealingKeyOptions {
  /** TWO_FACTOR_KEY: 32 bytes in base64. */
  key: string | undefined;
  /** DATA_DIR/two-factor.key: read, or made (owner-only) when missing. */
  keyFile: string;
}

/** The key: the environment's when set, else the key file's, which is made (owner-only) when missing. */
export function loadSealingKey(options: SealingKeyOptions): Buffer {
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
    return loadSealingKey(options);
  }
}

/** The sealing key's options of a configuration (`twoFactor` is left out by hand-made test configs). */
export const sealingKeyOf = (config: Pick<Config, 'twoFactor' | 'dataDir'>): SealingKeyOptions =>
  config.twoFactor ?? { key: undefined, keyFile: path.join(config.dataDir, 'two-factor.key') };

export function secretBox(key: Buffer): SecretBox {
  const keyId = crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    seal(purpose, secret) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return ['v1', keyId, nonce.toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(purpose, sealed) {
      const [version, id, nonceText, bodyText] = sealed.split('.');
      if (version !== 'v1' || id !== keyId || !nonceText || !bodyText) return undefined;
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < 17) return undefined;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonceText, 'base64url'));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
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

/**
 * The box of an app's configuration, its key read (or made) when first needed rather than at every
 * start: a server whose staff never use two-factor nor a provider entered on screen makes no key file.
 */
export function lazySecretBox(config: Pick<Config, 'twoFactor' | 'dataDir'>): () => SecretBox {
  let box: SecretBox | undefined;
  return () => {
    box ??= secretBox(loadSealingKey(sealingKeyOf(config)));
    return box;
  };
}

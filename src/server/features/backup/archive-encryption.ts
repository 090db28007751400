import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { ArchiveError } from './archive-format.js';

/**
 * Passphrase encryption of a backup (BACKUP_PASSPHRASE; docs/decisions/0036-restores-that-lose-nothing.md):
 * the gzip'd archive cut into records of 64 KB, each sealed with AES-256-GCM, the key derived
 * from the passphrase with scrypt and a random salt. GCM authenticates a message only at its end,
 * so one message for a whole archive would hand a restore gigabytes of unchecked bytes first;
 * records are checked one by one instead. Each record's nonce is its index and its associated
 * data is the header, the index and a "final" flag, so a record moved, dropped, repeated or cut
 * off at the end is found.
 *
 *   header  "SYBKENC1" | log2(N) | r | p | salt (16) | key check (16)
 *   record  final (1) | length (4, big-endian) | ciphertext (length) | tag (16)
 *
 * The key check (from the same scrypt output as the key) tells a wrong passphrase from a damaged
 * file before any record is read.
 */

const MAGIC = Buffer.from('SYBKENC1', 'latin1');
const SALT_BYTES = 16;
const CHECK_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 3 + SALT_BYTES + CHECK_BYTES;
const TAG_BYTES = 16;
const RECORD_BYTES = 64 * 1024;
/** scrypt cost: N = 2^15, r = 8, p = 1 (32 MB, a fraction of a second): OWASP's minimum and more. */
const COST = { log2N: 15, r: 8, p: 1 };

export const ENCRYPTED_EXTENSION = 'enc';

async function deriveKeys(
  passphrase: string,
  salt: Buffer,
  cost: typeof COST,
): Promise<{ key: Buffer; check: Buffer }> {
  const N = 2 ** cost.log2N;
  const material = await new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(
      passphrase.normalize('NFC'),
      salt,
      64,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  return {
    key: material.subarray(0, 32),
    check: crypto.createHash('sha256').update(material.subarray(32)).digest().subarray(0, CHECK_BYTES),
  };
}

const nonceOf = (index: number) => {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
};

const aadOf = (header: Buffer, index: number, final: boolean) => {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index), 0);
  tail[8] = final ? 1 : 0;
  return Buffer.concat([header, tail]);
};

/** Whether the file starts as an encrypted backup does. */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** Whether the first bytes of a stream are an encrypted backup's. */
export const startsEncrypted = (first: Buffer) =>
  first.length >= MAGIC.length && first.subarray(0, MAGIC.length).equals(MAGIC);

/** A stream that encrypts what goes through it (the gzip'd archive) with the passphrase. */
export async function createEncryptStream(passphrase: string): Promise<Transform> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const { key, check } = await deriveKeys(passphrase, salt, COST);
  const header = Buffer.concat([MAGIC, Buffer.from([COST.log2N, COST.r, COST.p]), salt, check]);
  let index = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const seal = (plain: Buffer, final: boolean): Buffer => {
    const cipher = crypto.createCipheriv('aes-256-gcm', key, nonceOf(index));
    cipher.setAAD(aadOf(header, index, final));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    const head = Buffer.alloc(5);
    head[0] = final ? 1 : 0;
    head.writeUInt32BE(sealed.length, 1);
    index += 1;
    return Buffer.concat([head, sealed, cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!started) {
        started = true;
        this.push(header);
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= RECORD_BYTES) {
        let all = Buffer.concat(pending);
        while (all.length >= RECORD_BYTES) {
          this.push(seal(all.subarray(0, RECORD_BYTES), false));
          all = all.subarray(RECORD_BYTES);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (!started) this.push(header);
      this.push(seal(Buffer.concat(pending), true));
      callback();
    },
  });
}

/** A stream that decrypts an encrypted backup; a wrong passphrase or damage fails it with an ArchiveError. */
export function createDecryptStream(passphrase: string): Transform {
  let buffered = Buffer.alloc(0);
  let header: Buffer | undefined;
  let key: Buffer | undefined;
  let index = 0;
  let ended = false;
  const damaged = () =>
    new ArchiveError('The encrypted backup is damaged or cut short: a part of it does not check out.');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = Buffer.concat([buffered, chunk]);
      const work = async () => {
        if (!header) {
          if (buffered.length < HEADER_BYTES) return;
          header = buffered.subarray(0, HEADER_BYTES);
          buffered = buffered.subarray(HEADER_BYTES);
          if (!startsEncrypted(header)) throw new ArchiveError('This is not an encrypted Schoolyard backup.');
          const at = MAGIC.length;
          const cost = { log2N: header[at] ?? 0, r: header[at + 1] ?? 0, p: header[at + 2] ?? 0 };
          if (cost.log2N < 10 || cost.log2N > 20 || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 16) {
            throw damaged();
          }
          const salt = header.subarray(at + 3, at + 3 + SALT_BYTES);
          const derived = await deriveKeys(passphrase, salt, cost);
          if (!crypto.timingSafeEqual(derived.check, header.subarray(at + 3 + SALT_BYTES))) {
            throw new ArchiveError('The passphrase does not open this encrypted backup.');
          }
          key = derived.key;
        }
        while (buffered.length >= 5) {
          if (ended) throw damaged();
          const final = buffered[0] === 1;
          const length = buffered.readUInt32BE(1);
          if (buffered[0] !== 0 && !final) throw damaged();
          if (length > RECORD_BYTES) throw damaged();
          if (buffered.length < 5 + length + TAG_BYTES) return;
          const decipher = crypto.createDecipheriv('aes-256-gcm', key as Buffer, nonceOf(index));
          decipher.setAAD(aadOf(header, index, final));
          decipher.setAuthTag(buffered.subarray(5 + length, 5 + length + TAG_BYTES));
          let plain: Buffer;
          try {
            plain = Buffer.concat([decipher.update(buffered.subarray(5, 5 + length)), decipher.final()]);
          } catch {
            throw damaged();
          }
          buffered = buffered.subarray(5 + length + TAG_BYTES);
          index += 1;
          ended = final;
          this.push(plain);
        }
      };
      work().then(() => callback(), callback);
    },
    flush(callback: TransformCallback) {
      callback(ended && buffered.length === 0 ? undefined : damaged());
    },
  });
}

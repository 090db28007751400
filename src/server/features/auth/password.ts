import { hash, verify } from '@node-rs/argon2';
import { Slots } from '../../lib/slots.js';

/** argon2id with OWASP's minimum parameters: 19 MiB, two passes, one lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes computed at once, process-wide. Each takes 19 MiB and a core; with more at once than
 * cores, a burst of log-ins or registrations only grows the process (freed memory stays with the
 * threads), and none finishes sooner. Measured with the bench's parallel registrations (0011).
 */
const hashing = new Slots(2);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2ID));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

import { hash, type Options, verify } from '@node-rs/argon2';
import { Slots } from '../../lib/slots.js';

/** argon2id with OWASP's minimum parameters: 19 MiB, two passes, one lane. */
export const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id at a test run's cost: 1 MiB, one pass (a tenth of the time). A hash names its own
 * parameters, so `verifyPassword` checks each hash at the cost it was made with, whichever is in use.
 */
const TEST_ARGON2ID = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let cost: Options = ARGON2ID;

/**
 * Makes this process hash at the test cost (docs/decisions/0075-where-the-test-time-went.md): the API
 * tests log in thousands of times, and the log-in limits' tests try hundreds of wrong passwords.
 * Refused outside a Vitest run, so no server can be started with weak hashes.
 */
export function hashCheaplyInThisTestRun(): void {
  if (!process.env.VITEST) throw new Error('Cheap password hashes are for test runs only.');
  cost = TEST_ARGON2ID;
}

/**
 * Hashes computed at once, process-wide. Each takes 19 MiB and a core; with more at once than
 * cores, a burst of log-ins or registrations only grows the process (freed memory stays with the
 * threads), and none finishes sooner. Measured with the bench's parallel registrations (0011).
 */
const hashing = new Slots(2);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, cost));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

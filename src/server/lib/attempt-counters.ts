import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * Counters of attempts at something guarded (a log-in, an email change), kept in the database so
 * that every server process and a restart see the same numbers. Each counter is a fixed window
 * that starts with its first attempt; once it holds `max` attempts, further ones are refused until
 * the window ends.
 *
 * An attempt is *claimed* before the work it guards (checking a password): inside one transaction
 * every counter of the attempt is upserted and locked (rows in key order, so two attempts never
 * wait on each other in a circle), and only if all are below their limits are all of them counted.
 * Parallel attempts therefore queue on the rows and each sees the counts of those before it: 300
 * log-ins sent at once evaluate at most `max` passwords, not ~280 as when the counter was read
 * first and written after the password check. Refused attempts count nowhere, so an attacker who
 * hammers one address cannot use the refusals to fill the account's counter over all addresses.
 *
 * Subjects are stored as SHA-256 hashes: the table holds no email or address a stranger typed.
 */

export interface AttemptLimit {
  /** What is counted, e.g. `login-account:<email key>`. */
  subject: string;
  max: number;
  windowMs: number;
}

export type Claim = { granted: true } | { granted: false; retryAfterSeconds: number };

const keyOf = (subject: string) => crypto.createHash('sha256').update(subject).digest('hex');

/** Finished windows are dropped now and then rather than on every claim. */
const SWEEP_EVERY = 100;
let claimsSinceSweep = 0;

/** Counts one attempt against every limit, or none when any of them is reached. */
export async function claimAttempt(
  db: Db,
  limits: readonly AttemptLimit[],
  now: number = Date.now(),
): Promise<Claim> {
  const counters = limits
    .map((limit) => ({ ...limit, key: keyOf(limit.subject) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = counters.map((c) => c.key);

  const claim = await db.transaction().execute(async (trx): Promise<Claim> => {
    const expired = sql<boolean>`attempt_counter.expires_at <= ${now}`;
    // Creates missing counters and starts finished windows afresh, locking each row till commit.
    const rows = await trx
      .insertInto('attempt_counter')
      .values(counters.map((c) => ({ key: c.key, attempts: 0, expires_at: now + c.windowMs })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: sql<number>`case when ${expired} then 0 else attempt_counter.attempts end`,
          expires_at: sql<number>`case when ${expired} then excluded.expires_at else attempt_counter.expires_at end`,
        }),
      )
      .returning(['key', 'attempts', 'expires_at'])
      .execute();
    let wait = 0;
    for (const counter of counters) {
      const row = rows.find((r) => r.key === counter.key);
      if (!row || Number(row.attempts) < counter.max) continue;
      wait = Math.max(wait, Math.ceil((Number(row.expires_at) - now) / 1000));
    }
    if (wait > 0) return { granted: false, retryAfterSeconds: wait };
    await trx
      .updateTable('attempt_counter')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('key', 'in', keys)
      .execute();
    return { granted: true };
  });

  claimsSinceSweep += 1;
  if (claimsSinceSweep >= SWEEP_EVERY) {
    claimsSinceSweep = 0;
    await db.deleteFrom('attempt_counter').where('expires_at', '<=', now).execute();
  }
  return claim;
}

/**
 * An attempt that turned out well is not held against anyone: it is taken back from `giveBack`'s
 * counters, and the counters of `forget` start afresh.
 */
export async function settleGoodAttempt(
  db: Db,
  giveBack: readonly AttemptLimit[],
  forget: readonly AttemptLimit[] = [],
): Promise<void> {
  const trx = db;
  if (forget.length > 0) {
    await trx
      .deleteFrom('attempt_counter')
      .where(
        'key',
        'in',
        forget.map((limit) => keyOf(limit.subject)),
      )
      .execute();
  }
  if (giveBack.length > 0) {
    await trx
      .updateTable('attempt_counter')
      .set({ attempts: sql<number>`attempts - 1` })
      .where(
        'key',
        'in',
        giveBack.map((limit) => keyOf(limit.subject)),
      )
      .where('attempts', '>', 0)
      .execute();
  }
}

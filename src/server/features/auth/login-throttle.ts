import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * Failed log-in counters, kept in the database so that every server process and a restart see the
 * same numbers. Two counters per attempt: one for the account (the lowercased email, known or
 * not, so the answer never tells which emails exist) and one for the client address. A counter's
 * window starts at its first failure; once it holds `limit` failures, attempts are refused until
 * the window ends. A successful log-in clears the account's counter.
 *
 * Keys are SHA-256 hashes, so the table holds no email or address a stranger typed in.
 * Check-then-count is not atomic: a burst of parallel attempts can pass a limit by a few; the
 * counting itself is one atomic upsert.
 */

export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
} as const;

/** The table of the 2026-11-22T0200 migration; not in database.ts, so it is declared here. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  /** ISO-8601 instant of the window's first failure. */
  window_start: string;
}

type ThrottleDb = ReturnType<typeof withThrottle>;
const withThrottle = (db: Db) => db.withTables<{ login_throttle: LoginThrottleTable }>();

export interface ThrottleSubject {
  emailKey: string;
  address: string;
}

const keyOf = (scope: 'account' | 'address', value: string) =>
  crypto.createHash('sha256').update(`${scope}:${value}`).digest('hex');

function keysOf(subject: ThrottleSubject) {
  return [
    { key: keyOf('account', subject.emailKey), limit: LOGIN_LIMITS.perAccount },
    { key: keyOf('address', subject.address), limit: LOGIN_LIMITS.perAddress },
  ];
}

/** Seconds until the next attempt may be made, or 0 when it may be made now. */
export async function secondsUntilAllowed(
  db: Db,
  subject: ThrottleSubject,
  now: Date = new Date(),
): Promise<number> {
  const keys = keysOf(subject);
  const rows = await withThrottle(db)
    .selectFrom('login_throttle')
    .selectAll()
    .where(
      'key',
      'in',
      keys.map((k) => k.key),
    )
    .execute();
  let wait = 0;
  for (const { key, limit } of keys) {
    const row = rows.find((r) => r.key === key);
    if (!row || Number(row.failures) < limit) continue;
    const endsAt = Date.parse(row.window_start) + LOGIN_LIMITS.windowMs;
    if (endsAt > now.getTime()) wait = Math.max(wait, Math.ceil((endsAt - now.getTime()) / 1000));
  }
  return wait;
}

/** Counts one failed attempt against the account and the address. */
export async function recordFailure(db: Db, subject: ThrottleSubject, now: Date = new Date()): Promise<void> {
  const tdb = withThrottle(db);
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - LOGIN_LIMITS.windowMs).toISOString();
  for (const { key } of keysOf(subject)) await countFailure(tdb, key, at, cutoff);
  // Finished windows are of no use; dropping them keeps the table small.
  await tdb.deleteFrom('login_throttle').where('window_start', '<=', cutoff).execute();
}

async function countFailure(tdb: ThrottleDb, key: string, at: string, cutoff: string): Promise<void> {
  const expired = sql<boolean>`login_throttle.window_start <= ${cutoff}`;
  await tdb
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_start: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else login_throttle.failures + 1 end`,
        window_start: sql<string>`case when ${expired} then ${at} else login_throttle.window_start end`,
      }),
    )
    .execute();
}

/** A successful log-in: the account starts afresh (the address keeps its count). */
export async function clearAccountFailures(db: Db, emailKey: string): Promise<void> {
  await withThrottle(db).deleteFrom('login_throttle').where('key', '=', keyOf('account', emailKey)).execute();
}

import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * A store for `@fastify/rate-limit` that keeps its counters in the database, like the log-in
 * throttle, so that a limit ("5 messages in 10 minutes from one address") holds across every
 * server process of a group of schools and across restarts; the plugin's own store counts per
 * process. One row per route and client key, which is hashed (no address is stored), with a
 * fixed window that starts at the first hit.
 */

interface Counter {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}
type Done = (error: Error | null, counter?: Counter) => void;

/**
 * What the plugin passes to `child` at run time: the route's merged options with `routeInfo` (its
 * typings name the route options alone).
 */
interface MergedOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  /** Routes with the same group share their counters (a form's JSON call and its plain post). */
  groupId?: string;
}

/** Finished windows are dropped now and then rather than on every hit. */
const SWEEP_EVERY = 100;

export function databaseRateLimitStore(db: Db) {
  let hitsSinceSweep = 0;

  const keyOf = (scope: string, key: string) =>
    crypto.createHash('sha256').update(`${scope}\n${key}`).digest('hex');

  async function count(rowKey: string, timeWindow: number): Promise<Counter> {
    const now = Date.now();
    const expired = sql<boolean>`rate_limit.window_start <= ${now - timeWindow}`;
    const row = await db
      .insertInto('rate_limit')
      .values({ key: rowKey, hits: 1, window_start: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else rate_limit.hits + 1 end`,
          window_start: sql<number>`case when ${expired} then ${now} else rate_limit.window_start end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    hitsSinceSweep += 1;
    if (hitsSinceSweep >= SWEEP_EVERY) {
      hitsSinceSweep = 0;
      // Windows are at most a day long here; older rows can only be finished ones.
      await db
        .deleteFrom('rate_limit')
        .where('window_start', '<=', now - 24 * 60 * 60 * 1000)
        .execute();
    }
    return { current: Number(row.hits), ttl: Number(row.window_start) + timeWindow - now };
  }

  async function peek(rowKey: string, timeWindow: number): Promise<Counter> {
    const now = Date.now();
    const row = await db
      .selectFrom('rate_limit')
      .select(['hits', 'window_start'])
      .where('key', '=', rowKey)
      .executeTakeFirst();
    if (!row || Number(row.window_start) <= now - timeWindow) return { current: 0, ttl: timeWindow };
    return { current: Number(row.hits), ttl: Number(row.window_start) + timeWindow - now };
  }

  return class DatabaseRateLimitStore {
    readonly scope: string;

    constructor(options: object = {}) {
      const { routeInfo: route, groupId } = options as MergedOptions;
      if (groupId) this.scope = `group ${groupId}`;
      else this.scope = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}` : 'global';
    }

    /** A route's own counters (or its group's): the plugin makes one child per rate-limited route. */
    child(options: object) {
      return new DatabaseRateLimitStore(options);
    }

    incr(key: string, done: Done, timeWindow: number) {
      count(keyOf(this.scope, key), timeWindow).then(
        (counter) => done(null, counter),
        (error: Error) => done(error),
      );
    }

    read(key: string, done: Done, timeWindow: number) {
      peek(keyOf(this.scope, key), timeWindow).then(
        (counter) => done(null, counter),
        (error: Error) => done(error),
      );
    }
  };
}

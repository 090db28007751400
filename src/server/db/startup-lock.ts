import { sql } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Db } from './connect.js';

/**
 * The key of the PostgreSQL advisory lock that start-ups take around migrating and planting the
 * demo school: any fixed number that nothing else on the database locks.
 */
export const STARTUP_LOCK_KEY = 7_312_025_034;

/**
 * Runs `work` while no other server process on the same PostgreSQL database runs its own: several
 * processes started at once on an empty database would otherwise race to create the migration
 * tables and both plant the demo school (docs/decisions/0034-several-processes.md). The lock is
 * a transaction's, so it goes when the transaction ends or its connection drops (a process killed
 * mid-start holds nobody up). `work` runs on other connections of the pool; the locked one only
 * waits. On SQLite, one file served by one process, `work` runs as it is.
 */
export async function whileStartupLocked<T>(
  db: Db,
  database: DatabaseConfig,
  work: () => Promise<T>,
): Promise<T> {
  if (database.engine !== 'postgres') return work();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY}::bigint)`.execute(trx);
    return work();
  });
}

import type { Kysely } from 'kysely';

/**
 * Attempt counters (lib/attempt-counters.ts) replace the failed log-in counters: each row is a
 * fixed window with its own end (`expires_at`, epoch milliseconds), so counters of different
 * windows (15 minutes per address, an hour per account, an hour per email change) share one table,
 * and an attempt is claimed before the password is checked. The old counters were short-lived
 * numbers of failures; they are not carried over.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_counter')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_counter_expiry').on('attempt_counter').column('expires_at').execute();
  await db.schema.dropTable('login_throttle').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_window').on('login_throttle').column('window_start').execute();
  await db.schema.dropTable('attempt_counter').execute();
}

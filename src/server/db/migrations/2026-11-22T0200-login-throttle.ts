import type { Kysely } from 'kysely';

/**
 * Failed log-in counters (features/auth/login-throttle.ts): one row per hashed account or client
 * address, so that the limits hold across server processes and restarts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_window').on('login_throttle').column('window_start').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}

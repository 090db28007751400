import type { Kysely } from 'kysely';

/**
 * Rate-limit counters of the public forms and registration (plugins/rate-limit-store.ts): one row
 * per route and hashed client key, so that the limits hold across server processes and restarts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_window').on('rate_limit').column('window_start').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit').execute();
}

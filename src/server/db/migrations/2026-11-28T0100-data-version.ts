import type { Kysely } from 'kysely';

/**
 * Named version counters (lib/data-version.ts): a write that changes what a cached answer is made
 * of raises its counter in the write's own transaction, so every server process on the database
 * knows its cached answer is stale. `ledger` counts the fee ledger's changes, `content` the public
 * site's (content, images, settings).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_version')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_version').execute();
}

import type { Kysely } from 'kysely';

/**
 * The one-time set-up link of a real school's first start (docs/decisions/0041-first-start-of-a-real-school.md):
 * the hash of its token only, never the token. A row means the school is not set up yet; set-up
 * removes it. In the database, not in a process, so that every server process on one PostgreSQL
 * checks the same link.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_token').execute();
}

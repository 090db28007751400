import type { Kysely } from 'kysely';

/**
 * docs/decisions/0107-sign-in-with-the-schools-provider.md: a sign-in with the school's provider
 * that a browser started and the provider has not yet answered. The key is the SHA-256 of the
 * state (the browser holds the state itself, in a short cookie); the row is used once and lives a
 * few minutes.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_pending')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_pending_expires').on('sso_pending').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_pending').execute();
}

import type { Kysely } from 'kysely';

/**
 * docs/decisions/0114-the-principal-sets-the-sign-in-provider.md: the principal's choices for signing
 * in with the school's provider, one row apart from the other settings: who may use it and whether
 * staff must, and the connection when the server's environment names none. The client secret is
 * kept sealed with the key kept outside the database (lib/secret-box.ts), never in clear.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    // 'staff', 'parents' or 'both'.
    .addColumn('audience', 'varchar(10)', (c) => c.notNull())
    .addColumn('staff_must', 'integer', (c) => c.notNull().defaultTo(0))
    // null: no provider of the school's own (the environment's, if any, is used).
    .addColumn('issuer_url', 'varchar(500)')
    .addColumn('client_id', 'varchar(500)')
    // null: a public client (PKCE alone), or no provider.
    .addColumn('client_secret_sealed', 'text')
    .addColumn('provider_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_settings').execute();
}

import type { Kysely } from 'kysely';

/**
 * Devices that logged in (features/auth/device-login.ts, docs/decisions/0038-device-cookies.md): one
 * row per device token and account, holding the token's SHA-256, never the token. A device that
 * logged in to an account keeps its own budget of log-in attempts there, so strangers who exhaust
 * the account's limits do not lock its owner out.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_login')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_login_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('device_login_user').on('device_login').column('user_id').execute();
  await db.schema.createIndex('device_login_expiry').on('device_login').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_login').execute();
}

import type { Kysely } from 'kysely';

/**
 * docs/decisions/0108-two-factor-for-staff.md: two-factor sign-in for staff. The TOTP secret is
 * sealed with a key kept outside the database; recovery codes, challenges and remembered devices
 * are kept as SHA-256 hashes only; one row holds the principal's "required for all staff".
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().notNull().references('app_user.id').onDelete('cascade'),
    )
    .addColumn('secret_sealed', 'varchar(200)', (c) => c.notNull())
    // null while the secret waits for its first code (set up, not confirmed).
    .addColumn('enabled_at', 'varchar(40)')
    // The TOTP step of the last code accepted: that step and earlier ones are refused.
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_code')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .addPrimaryKeyConstraint('two_factor_recovery_code_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('two_factor_challenge')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    // 1: the account must set two-factor up before its session.
    .addColumn('enrol', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_challenge_expiry')
    .on('two_factor_challenge')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('two_factor_device')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('two_factor_device_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema
    .createTable('two_factor_policy')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('staff_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'two_factor_policy',
    'two_factor_device',
    'two_factor_challenge',
    'two_factor_recovery_code',
    'two_factor',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

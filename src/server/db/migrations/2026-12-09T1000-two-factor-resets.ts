import type { Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0116-the-principal-resets-two-factor.md: each reset of a staff member's two-factor
 * by the principal, with who did it (their id, and their name as it was, so the entry outlives a
 * renamed or removed principal) and when. The entries go with the staff member's account.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('two_factor_reset');
  await (isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('reset_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('reset_by_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_reset_user')
    .on('two_factor_reset')
    .columns(['user_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_reset').execute();
}

import type { Kysely } from 'kysely';

/**
 * Scheduled backups (docs/decisions/0033-backup-and-restore.md): one row per time slot. The slot is
 * the primary key, so when several server processes share the database only the one whose insert
 * wins makes that slot's backup; the row then records how it went, for the principal to see.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_run')
    .addColumn('slot', 'bigint', (c) => c.primaryKey())
    .addColumn('started_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(40)')
    .addColumn('ok', 'integer')
    .addColumn('file_name', 'varchar(255)')
    .addColumn('bytes', 'bigint')
    .addColumn('message', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_run').execute();
}

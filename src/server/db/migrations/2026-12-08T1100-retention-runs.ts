import type { Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0110-retention-and-erasure.md: each run of the retention job (one a night, claimed
 * by its `slot` so several processes run it once) and each erasure request carried out, with what
 * it removed. The periods themselves are a setting (`setting.retention_months`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('retention_run');
  await (isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('slot', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(40)')
    .addColumn('student_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('row_counts', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('files', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('backups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'varchar(200)')
    .addColumn('ran_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('ran_by_name', 'varchar(200)')
    .addColumn('message', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('retention_run_started')
    .on('retention_run')
    .columns(['started_at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retention_run').execute();
}

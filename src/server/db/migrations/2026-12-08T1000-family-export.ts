import type { Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0109-a-familys-data-on-request.md: each request for an archive of a child's data,
 * with who asked (their id, and their name and type as they were), when and from where; the
 * builder's claim, so that one process builds it; the stored archive, the hash of the mailed link's
 * token, when it ends, and its downloads. The row outlives the archive (the request log); it goes
 * with the child's account.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('family_export');
  await (isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('requested_by_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('requested_by_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('requested_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('requested_from', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(40)')
    .addColumn('claimed_until', 'varchar(40)')
    .addColumn('ready_at', 'varchar(40)')
    .addColumn('expires_at', 'varchar(40)')
    .addColumn('file_path', 'varchar(300)')
    .addColumn('size', 'integer')
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_downloaded_at', 'varchar(40)')
    .addColumn('error', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('family_export_student')
    .on('family_export')
    .columns(['student_id', 'id'])
    .execute();
  // The builder's look: the waiting requests and the ready ones whose link has ended.
  await db.schema.createIndex('family_export_state').on('family_export').columns(['state', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('family_export').execute();
}

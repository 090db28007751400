import type { Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0106-who-looked.md: each reading of a child's care details and each download of a
 * document about a child, with who (their id, and their name and type as they were then, so the
 * entry outlives a renamed or removed account), what, when and from where. The log goes with the
 * child's account.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('child_access');
  await (isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('viewer_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('viewer_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('detail', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('child_access_student')
    .on('child_access')
    .columns(['student_id', 'id'])
    .execute();
  // The same look again within a few minutes is found by this one.
  await db.schema
    .createIndex('child_access_viewer')
    .on('child_access')
    .columns(['viewer_id', 'student_id', 'kind', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('child_access').execute();
}

import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * Stored files kept in the database (lib/file-store/database-file-store.ts, FILE_STORE=database):
 * one row per file, so that every server process on one PostgreSQL serves every upload. The path
 * is the primary key: two processes storing the same path cannot both win.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('stored_file')
    // Byte order ("C") on PostgreSQL, like SQLite's default, so that listing pages through the
    // paths in the same order on both engines whatever the server's locale.
    .addColumn('path', 'varchar(512)', (c) => (postgres ? c.modifyFront(sql`collate "C"`) : c).primaryKey())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('stored_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_file').execute();
}

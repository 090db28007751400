import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0091-the-year-rollover.md: where each class's pupils go at the end of a year (a
 * row per class: the next class, or none when the class leaves), the rollovers that ran (one per
 * old year and one per new year, so a second run is refused by the database too), and the mark of
 * an archived account (a leaver or a guardian left without a current child).
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('class_progression')
    .addColumn('class_id', 'integer', (c) => c.primaryKey().references('school_class.id').onDelete('cascade'))
    // Null: the class's pupils leave the school (the last class).
    .addColumn('next_class_id', 'integer', (c) => c.references('school_class.id').onDelete('cascade'))
    .addCheckConstraint(
      'class_progression_not_itself',
      sql`next_class_id is null or next_class_id <> class_id`,
    )
    .execute();

  await withId(db, db.schema.createTable('rollover_run'))
    .addColumn('from_year_id', 'integer', (c) =>
      c.notNull().unique().references('school_year.id').onDelete('restrict'),
    )
    .addColumn('to_year_id', 'integer', (c) =>
      c.notNull().unique().references('school_year.id').onDelete('restrict'),
    )
    .addColumn('ran_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('ran_at', 'varchar(40)', (c) => c.notNull())
    // The backup written before it: its file name under DATA_DIR/backups.
    .addColumn('backup_file', 'varchar(300)', (c) => c.notNull())
    // What it did, as the preview counted it (JSON).
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('app_user').addColumn('archived_at', 'varchar(40)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('archived_at').execute();
  await db.schema.dropTable('rollover_run').execute();
  await db.schema.dropTable('class_progression').execute();
}

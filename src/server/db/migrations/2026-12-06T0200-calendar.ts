import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0086-the-school-calendar.md: the school calendar's entries (closures and events,
 * kept when cancelled so the feeds can say so), the classes an entry is for, and the secret
 * addresses of the calendar feeds (only their hash).
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('calendar_entry'))
    // The iCalendar UID: made once, never changed, so a calendar app updates the entry it has.
    .addColumn('uid', 'varchar(100)', (c) => c.notNull().unique())
    // Raised on every change (iCalendar SEQUENCE).
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('closure', 'event')`))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('place', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // Days (YYYY-MM-DD, both included) and, for a timed event, wall-clock times (HH:MM), in the
    // school's time zone.
    .addColumn('start_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)')
    .addColumn('end_time', 'varchar(5)')
    .addColumn('audience', 'varchar(10)', (c) =>
      c.notNull().check(sql`audience in ('everyone', 'staff', 'classes')`),
    )
    .addColumn('families_invited', 'integer', (c) => c.notNull().defaultTo(0))
    // On the school's public feed.
    .addColumn('on_public_feed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_at', 'varchar(40)')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  // The entries of a range of days.
  await db.schema
    .createIndex('calendar_entry_days')
    .on('calendar_entry')
    .columns(['start_day', 'end_day'])
    .execute();

  await db.schema
    .createTable('calendar_entry_class')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('calendar_entry.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('calendar_entry_class_pk', ['entry_id', 'class_id'])
    .execute();
  await db.schema
    .createIndex('calendar_entry_class_class')
    .on('calendar_entry_class')
    .columns(['class_id', 'entry_id'])
    .execute();

  await withId(db, db.schema.createTable('calendar_feed'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    // null: the user's own calendar (a family's: their children's classes); else one class's.
    .addColumn('class_id', 'integer', (c) => c.references('school_class.id').onDelete('cascade'))
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_feed_user')
    .on('calendar_feed')
    .columns(['user_id', 'class_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feed').execute();
  await db.schema.dropTable('calendar_entry_class').execute();
  await db.schema.dropTable('calendar_entry').execute();
}

import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0006-media-and-content-editing.md: the media library (pictures uploaded by the principal,
 * stored in several widths) and what the public forms send in: enquiries (contact form), bookings (Book A
 * Seat) and newsletter subscribers, one per lowercased email. The table types live beside their features
 * (features/media/media.tables.ts, features/inbox/inbox.tables.ts).
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('media'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('image', 'varchar(300)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // [{ width, height, image }], narrowest first.
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('alt', 'varchar(300)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_created').on('media').column('created_at').execute();
  // "Which records use this picture" and "may it be deleted" look images up by value.
  await db.schema.createIndex('content_image_image').on('content_image').column('image').execute();

  await withId(db, db.schema.createTable('enquiry'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('handled_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('enquiry_created').on('enquiry').column('created_at').execute();

  await withId(db, db.schema.createTable('booking'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('class_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('handled_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('booking_created').on('booking').column('created_at').execute();

  await withId(db, db.schema.createTable('newsletter_subscriber'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // As entered; `email_key` is the lowercased form that must be unique.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_subscriber_created')
    .on('newsletter_subscriber')
    .column('created_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscriber').execute();
  await db.schema.dropTable('booking').execute();
  await db.schema.dropTable('enquiry').execute();
  await db.schema.dropIndex('content_image_image').execute();
  await db.schema.dropTable('media').execute();
}

import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * Messages between home and school (docs/decisions/0080-conversations.md): one conversation per
 * child, its messages (never changed or removed; typed ones feed the day's register), who read each
 * one, the school's message hours, and on a check-out row the "Someone else collects today"
 * message it followed.
 */

/** An auto-incrementing integer key on either engine (written here: a migration keeps its day's code). */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('conversation_message'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('sender_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('side', 'varchar(6)', (c) => c.notNull().check(sql`side in ('family', 'school')`))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // Typed messages: the school day they are about, and their fields.
    .addColumn('for_day', 'varchar(10)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('pickup_time', 'varchar(5)')
    .addColumn('collector_name', 'varchar(200)')
    .addColumn('collector_phone', 'varchar(40)')
    .addColumn('attachment_path', 'varchar(200)')
    .addColumn('attachment_kind', 'varchar(5)')
    .addColumn('attachment_name', 'varchar(200)')
    .addColumn('attachment_size', 'integer')
    .addColumn('sent_at', 'varchar(40)', (c) => c.notNull())
    // When the other side is to be alerted (a parent's message outside the hours: when they open),
    // and when one process claimed that alert.
    .addColumn('alert_due_at', 'varchar(40)')
    .addColumn('alerted_at', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('conversation_message_student')
    .on('conversation_message')
    .columns(['student_id', 'id'])
    .execute();
  await db.schema
    .createIndex('conversation_message_day')
    .on('conversation_message')
    .columns(['for_day', 'type', 'student_id'])
    .execute();
  await db.schema
    .createIndex('conversation_message_alert')
    .on('conversation_message')
    .columns(['alerted_at', 'alert_due_at'])
    .execute();

  await db.schema
    .createTable('conversation_receipt')
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('conversation_message.id').onDelete('cascade'),
    )
    .addColumn('reader_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('reader_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_receipt_pk', ['message_id', 'reader_id'])
    .execute();
  await db.schema
    .createIndex('conversation_receipt_reader')
    .on('conversation_receipt')
    .columns(['reader_id', 'student_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('message_hours')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('days', 'varchar(20)', (c) => c.notNull())
    .addColumn('opens', 'varchar(5)', (c) => c.notNull())
    .addColumn('closes', 'varchar(5)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('checkin').addColumn('collector_message_id', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('checkin').dropColumn('collector_message_id').execute();
  await db.schema.dropTable('message_hours').execute();
  await db.schema.dropTable('conversation_receipt').execute();
  await db.schema.dropTable('conversation_message').execute();
}

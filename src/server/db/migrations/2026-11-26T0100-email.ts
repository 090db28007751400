import crypto from 'node:crypto';
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0022-email-outbox.md: outbound email. Every mail is a row of mail_outbox, written
 * in the transaction of the event that causes it and sent later by the background sender; a
 * password reset keeps only its token's hash (password_reset); the newsletter gets double opt-in
 * (confirmed_at and a per-subscriber token for the confirm and unsubscribe links) and its sent
 * issues (newsletter_issue); absence alerts remember what each pupil's guardians were last told that
 * day (absence_alert), so a second save of the register sends nothing; the principal may turn the
 * alerts off (school_settings.absence_alerts).
 */

/** An auto-incrementing integer key on either engine (written here: a migration keeps its day's code). */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mail_outbox'))
    // `<random@host>`: the same on every try, so a receiver sees a repeat as the same mail.
    .addColumn('message_id', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('to_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    // Extra headers as a JSON object (List-Unsubscribe and its -Post).
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('waiting', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(40)', (c) => c.notNull())
    // A sender's claim on a mail in 'sending': another may take it over once this has passed.
    .addColumn('locked_until', 'varchar(40)')
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(40)')
    .execute();
  // The sender's question: what is due, oldest first.
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('password_reset'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    // SHA-256 of the token; the token itself is only in the mail.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('password_reset_user').on('password_reset').column('user_id').execute();

  await db.schema.alterTable('newsletter_subscriber').addColumn('confirmed_at', 'varchar(40)').execute();
  await db.schema.alterTable('newsletter_subscriber').addColumn('token', 'varchar(64)').execute();
  // Addresses collected before double opt-in came through the site's own form: they stay subscribed
  // (docs/decisions/0022-email-outbox.md), and each gets its unsubscribe token.
  const subscribers: { id: number; created_at: string }[] = await db
    .selectFrom('newsletter_subscriber')
    .select(['id', 'created_at'])
    .execute();
  for (const row of subscribers) {
    await db
      .updateTable('newsletter_subscriber')
      .set({ confirmed_at: row.created_at, token: crypto.randomBytes(24).toString('base64url') })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('newsletter_subscriber_token')
    .on('newsletter_subscriber')
    .column('token')
    .unique()
    .execute();

  await withId(db, db.schema.createTable('newsletter_issue'))
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('sent_by_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('absence_alert')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // What the guardians were last told: 'absent' (the alert) or 'present' (the correction).
    .addColumn('told', 'varchar(10)', (c) => c.notNull().check(sql`told in ('absent', 'present')`))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('absence_alert_pk', ['student_id', 'day'])
    .execute();

  await db.schema
    .alterTable('school_settings')
    .addColumn('absence_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('school_settings').dropColumn('absence_alerts').execute();
  for (const table of ['absence_alert', 'newsletter_issue', 'password_reset', 'mail_outbox']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('newsletter_subscriber_token').execute();
  await db.schema.alterTable('newsletter_subscriber').dropColumn('token').execute();
  await db.schema.alterTable('newsletter_subscriber').dropColumn('confirmed_at').execute();
}

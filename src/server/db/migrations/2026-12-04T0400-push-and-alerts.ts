import type { Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * Alerts outside the app (docs/decisions/0081-push-and-live.md): the server's VAPID key pair, made
 * at first start (one row), each user's push subscriptions (one per browser on a device, known by
 * its endpoint), and each user's choice per kind of alert (no row: the kind's default).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vapid_key')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('private_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', 'integer', (col) =>
      isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscription_user').on('push_subscription').column('user_id').execute();
  await db.schema
    .createTable('alert_setting')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_setting_pk', ['user_id', 'kind'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_setting').execute();
  await db.schema.dropTable('push_subscription').execute();
  await db.schema.dropTable('vapid_key').execute();
}

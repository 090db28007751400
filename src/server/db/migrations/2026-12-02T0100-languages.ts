import type { Kysely } from 'kysely';

/**
 * The languages (docs/decisions/0059-message-catalogs.md): the school's default and the ones it
 * offers (a comma-separated list of locales, the default among them), and each user's own choice
 * (null: the school's default).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('school_settings')
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('school_settings')
    .addColumn('languages', 'varchar(100)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('app_user').addColumn('language', 'varchar(10)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('language').execute();
  await db.schema.alterTable('school_settings').dropColumn('languages').execute();
  await db.schema.alterTable('school_settings').dropColumn('language').execute();
}

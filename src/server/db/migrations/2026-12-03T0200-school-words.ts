import type { Kysely } from 'kysely';

/**
 * The school's own words (docs/decisions/0065-the-schools-own-words.md): the principal's text for a
 * catalog message in one language, shown instead of the catalog's. One row per language and message
 * key; deleting the row brings the catalog's text back.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('school_word')
    .addColumn('locale', 'varchar(10)', (c) => c.notNull())
    .addColumn('message_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('school_word_pk', ['locale', 'message_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('school_word').execute();
}

import type { Kysely } from 'kysely';

/**
 * The school's content in its other languages (docs/decisions/0064-content-in-the-schools-languages.md):
 * a content record's own fields are its text in the school's default language; each row here holds
 * the same record's text fields in one other language (a JSON object under the fields' internal
 * names, a field left out or empty where the translation is missing). Pictures, order and icons stay
 * on the record. A record's translations go with it (the repository deletes them, the foreign key
 * cascades where the engine enforces it).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_translation')
    .addColumn('record_id', 'integer', (c) => c.notNull().references('content_record.id').onDelete('cascade'))
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_translation_pk', ['record_id', 'language'])
    .execute();
  // The public pages read one language's translations of a collection at a time.
  await db.schema
    .createIndex('content_translation_language')
    .on('content_translation')
    .columns(['language', 'record_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_translation').execute();
}

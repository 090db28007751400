import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0103-the-application-families-fill-in.md: the application a family fills in once
 * for an admission case (a draft until sent, then read-only), the links that open it (each kept as
 * the SHA-256 of its token; several per case, so an older mail's link keeps working), and the
 * documents uploaded with it (the files themselves are in the file store).
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admission_application')
    .addColumn('case_id', 'integer', (c) =>
      c.primaryKey().references('admission_case.id').onDelete('cascade'),
    )
    // The application as JSON: the draft as the family last saved it, then the sent one.
    .addColumn('document', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('draft'))
    // The typed name that signs the school's terms, when and from where (IP address) it was sent.
    .addColumn('signature_name', 'varchar(100)')
    .addColumn('signed_at', 'varchar(40)')
    .addColumn('signed_from', 'varchar(64)')
    .addColumn('submitted_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('admission_application_status', sql`status in ('draft', 'submitted')`)
    .execute();

  await withId(db, db.schema.createTable('admission_application_link'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('admission_case.id').onDelete('cascade'))
    // SHA-256 of the link's token, hex: only the family holds the token.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admission_application_link_case')
    .on('admission_application_link')
    .column('case_id')
    .execute();

  await withId(db, db.schema.createTable('admission_document'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('admission_case.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // The name of the file as the family's device named it (shown, never used as a path).
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    // From the file's first bytes, not from what the browser said.
    .addColumn('mime_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // The file store's path, `admissions/<case id>/<hex>.<ext>`.
    .addColumn('stored_name', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('uploaded_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('admission_document_kind', sql`kind in ('birth-certificate', 'child-photo', 'other')`)
    .execute();
  await db.schema
    .createIndex('admission_document_case')
    .on('admission_document')
    .columns(['case_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admission_document').execute();
  await db.schema.dropTable('admission_application_link').execute();
  await db.schema.dropTable('admission_application').execute();
}

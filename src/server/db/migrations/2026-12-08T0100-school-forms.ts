import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0099-forms-and-permission-slips.md: the forms the principal sends to families (a
 * trip permission, a consent, a questionnaire), the classes each goes to (none: the whole school),
 * and one answer per pupil per form, signed by one of the pupil's guardians.
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('school_form'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    // 1: every pupil of the school; 0: the pupils of the classes in school_form_class.
    .addColumn('whole_school', 'integer', (c) => c.notNull().check(sql`whole_school in (0, 1)`))
    // The school's date (YYYY-MM-DD) after which answers are closed.
    .addColumn('due_on', 'varchar(10)', (c) => c.notNull())
    // The questions (shared/api/school-forms.ts SchoolFormQuestion[]), as JSON: fixed once sent.
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('draft', 'sent', 'closed')`))
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(40)')
    .addColumn('closed_at', 'varchar(40)')
    // The last reminder: a second one the same day is allowed, and said.
    .addColumn('reminded_at', 'varchar(40)')
    .execute();

  await db.schema
    .createTable('school_form_class')
    .addColumn('form_id', 'integer', (c) => c.notNull().references('school_form.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('school_form_class_pk', ['form_id', 'class_id'])
    .execute();
  await db.schema.createIndex('school_form_class_class').on('school_form_class').column('class_id').execute();

  await withId(db, db.schema.createTable('school_form_answer'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('school_form.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    // The guardian who answered (null when their account is gone; the signed name stays).
    .addColumn('parent_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('parent_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('signed_name', 'varchar(200)', (c) => c.notNull())
    // The answers by question id (shared/api/school-forms.ts), as JSON.
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'varchar(40)', (c) => c.notNull())
    // The address the answer came from, kept with the signature.
    .addColumn('answered_from', 'varchar(100)', (c) => c.notNull())
    .addUniqueConstraint('school_form_answer_one_per_pupil', ['form_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('school_form_answer_student')
    .on('school_form_answer')
    .column('student_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('school_form_answer').execute();
  await db.schema.dropTable('school_form_class').execute();
  await db.schema.dropTable('school_form').execute();
}

import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0090-report-cards.md: what the staff write on a pupil's report card for a term (a
 * comment per subject; the class teacher's comment and the principal's remark), and every published
 * card kept as it was shown (a JSON snapshot with its version).
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_card_comment')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('term_id', 'integer', (c) => c.notNull().references('school_term.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subject.id').onDelete('cascade'))
    // The class the pupil was in when it was written: a card is a class's, the comment its teacher's.
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id').onDelete('cascade'))
    .addColumn('comment', 'varchar(1000)', (c) => c.notNull())
    .addColumn('written_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_card_comment_pk', ['student_id', 'term_id', 'subject_id'])
    .execute();
  // A class's comments for a term, read for its cards.
  await db.schema
    .createIndex('report_card_comment_class_term')
    .on('report_card_comment')
    .columns(['class_id', 'term_id'])
    .execute();

  await db.schema
    .createTable('report_card_note')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('term_id', 'integer', (c) => c.notNull().references('school_term.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id').onDelete('cascade'))
    .addColumn('class_teacher_comment', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('class_teacher_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('principal_remark', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('principal_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_card_note_pk', ['student_id', 'term_id'])
    .execute();
  await db.schema
    .createIndex('report_card_note_class_term')
    .on('report_card_note')
    .columns(['class_id', 'term_id'])
    .execute();

  await withId(db, db.schema.createTable('report_card'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('term_id', 'integer', (c) => c.notNull().references('school_term.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id').onDelete('cascade'))
    // 1, 2, ...: each publishing that changed what the card shows adds the next.
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    // Everything the card showed when published (shared/api/report-cards.ts ReportCardContent), as JSON.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addUniqueConstraint('report_card_version', ['student_id', 'term_id', 'version'])
    .execute();
  await db.schema
    .createIndex('report_card_class_term')
    .on('report_card')
    .columns(['class_id', 'term_id', 'student_id', 'version'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_card').execute();
  await db.schema.dropTable('report_card_note').execute();
  await db.schema.dropTable('report_card_comment').execute();
}

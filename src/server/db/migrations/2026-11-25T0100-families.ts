import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0021-families.md: parents linked to their children (guardian), the children a
 * registering parent names for the principal to confirm (child_suggestion), each child's care
 * details as one validated document with a history of changes (care_record, care_change), and the
 * kindergarten's day register of arrivals and departures (checkin).
 */

/** An auto-incrementing integer key on either engine (written here: a migration keeps its day's code). */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guardian')
    .addColumn('parent_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('relationship', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('guardian_pk', ['parent_id', 'student_id'])
    .execute();
  // "Whose guardians are these" (a pupil's page, the care rules) reads by pupil.
  await db.schema
    .createIndex('guardian_student')
    .on('guardian')
    .columns(['student_id', 'parent_id'])
    .execute();

  await withId(db, db.schema.createTable('child_suggestion'))
    .addColumn('parent_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('dob', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('child_suggestion_parent')
    .on('child_suggestion')
    .columns(['parent_id', 'position'])
    .execute();

  await db.schema
    .createTable('care_record')
    .addColumn('student_id', 'integer', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
    // The whole care document (shared/api/family.ts CareDetailsSchema) as JSON text.
    .addColumn('document', 'text', (c) => c.notNull())
    // Kept as a column too, so the public site's photo rules can ask without parsing documents.
    .addColumn('photo_consent', 'integer', (c) => c.notNull().defaultTo(0))
    // A flag for the register's "allergy" mark without parsing documents.
    .addColumn('has_allergy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();

  await withId(db, db.schema.createTable('care_change'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('changed_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    // The name at the time, so the history still says who when the account is gone.
    .addColumn('changed_by_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(40)', (c) => c.notNull())
    // JSON array of { field, from, to }.
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('care_change_student')
    .on('care_change')
    .columns(['student_id', 'changed_at'])
    .execute();

  await withId(db, db.schema.createTable('checkin'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.references('school_class.id').onDelete('set null'))
    // The school day (YYYY-MM-DD in the school's time zone) and the instant (ISO-8601).
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(3)', (c) => c.notNull().check(sql`kind in ('in', 'out')`))
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('recorded_by_name', 'varchar(200)', (c) => c.notNull())
    // Check-outs: who collected the child, whether that person was on the child's list, and the
    // teacher's written reason when they were not.
    .addColumn('collected_by', 'varchar(200)')
    .addColumn('collector_known', 'integer')
    .addColumn('reason', 'varchar(500)')
    .execute();
  await db.schema.createIndex('checkin_class_day').on('checkin').columns(['class_id', 'day', 'at']).execute();
  await db.schema
    .createIndex('checkin_student_day')
    .on('checkin')
    .columns(['student_id', 'day', 'at'])
    .execute();
  // The principal's list of check-outs to someone not on the child's list (collector_known = 0).
  await db.schema
    .createIndex('checkin_override_day')
    .on('checkin')
    .columns(['collector_known', 'day'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['checkin', 'care_change', 'care_record', 'child_suggestion', 'guardian']) {
    await db.schema.dropTable(table).execute();
  }
}

import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/** An auto-incrementing integer key on either engine. */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('content_record'))
    .addColumn('collection', 'varchar(40)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_record_collection_position')
    .on('content_record')
    .columns(['collection', 'position'])
    .execute();

  await withId(db, db.schema.createTable('content_image'))
    .addColumn('record_id', 'integer', (c) => c.notNull().references('content_record.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image', 'varchar(300)', (c) => c.notNull())
    .addColumn('alt', 'varchar(300)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('content_image_record_position')
    .on('content_image')
    .columns(['record_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('app_user'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('designation', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('gender', 'varchar(10)', (c) => c.notNull())
    .addColumn('dob', 'varchar(10)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull())
    .addColumn('contact', 'varchar(50)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('social_link', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_user_type_status').on('app_user').columns(['type', 'status']).execute();

  await withId(db, db.schema.createTable('user_photo'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image', 'varchar(300)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_photo_user').on('user_photo').columns(['user_id', 'position']).execute();

  await withId(db, db.schema.createTable('session'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_user').on('session').column('user_id').execute();

  await withId(db, db.schema.createTable('school_class'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .execute();
  await withId(db, db.schema.createTable('subject'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .execute();
  await withId(db, db.schema.createTable('time_slot'))
    .addColumn('label', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('enrolment'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id'))
    .addColumn('started_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ended_on', 'varchar(10)')
    .execute();
  // A pupil is in one class at a time: at most one open enrolment each.
  await db.schema
    .createIndex('enrolment_one_current')
    .on('enrolment')
    .column('student_id')
    .unique()
    .where(sql.ref('ended_on'), 'is', null)
    .execute();
  await db.schema.createIndex('enrolment_class').on('enrolment').columns(['class_id', 'ended_on']).execute();

  await withId(db, db.schema.createTable('class_assignment'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subject.id'))
    .addColumn('time_slot_id', 'integer', (c) => c.notNull().references('time_slot.id'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_assignment_teacher')
    .on('class_assignment')
    .column('teacher_id')
    .execute();
  await db.schema.createIndex('class_assignment_class').on('class_assignment').column('class_id').execute();

  await db.schema
    .createTable('assignment_day')
    .addColumn('assignment_id', 'integer', (c) =>
      c.notNull().references('class_assignment.id').onDelete('cascade'),
    )
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('teacher_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('time_slot_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('assignment_day_pk', ['assignment_id', 'day'])
    .addUniqueConstraint('assignment_day_teacher_busy', ['teacher_id', 'time_slot_id', 'day'])
    .addUniqueConstraint('assignment_day_class_busy', ['class_id', 'time_slot_id', 'day'])
    .execute();

  await withId(db, db.schema.createTable('exam'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subject.id'))
    .addColumn('exam_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('time', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_class').on('exam').columns(['class_id', 'exam_date']).execute();

  await withId(db, db.schema.createTable('mark'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subject.id'))
    .addColumn('marks', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('mark_one_per_subject', ['student_id', 'class_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('mark_class').on('mark').columns(['class_id', 'subject_id']).execute();

  await withId(db, db.schema.createTable('mark_change'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('old_marks', 'integer')
    .addColumn('new_marks', 'integer', (c) => c.notNull())
    .addColumn('changed_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('changed_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mark_change_student').on('mark_change').column('student_id').execute();

  await withId(db, db.schema.createTable('attendance'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id'))
    .addColumn('att_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('attendance_one_per_day', ['student_id', 'att_date'])
    .execute();
  await db.schema
    .createIndex('attendance_class_date')
    .on('attendance')
    .columns(['class_id', 'att_date'])
    .execute();

  await withId(db, db.schema.createTable('notification'))
    .addColumn('sender_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('class_id', 'integer', (c) => c.references('school_class.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_class').on('notification').column('class_id').execute();
  await db.schema.createIndex('notification_student').on('notification').column('student_id').execute();

  await db.schema
    .createTable('notification_read')
    .addColumn('notification_id', 'integer', (c) =>
      c.notNull().references('notification.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_read_pk', ['notification_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('setting')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'setting',
    'notification_read',
    'notification',
    'attendance',
    'mark_change',
    'mark',
    'exam',
    'assignment_day',
    'class_assignment',
    'enrolment',
    'time_slot',
    'subject',
    'school_class',
    'session',
    'user_photo',
    'app_user',
    'content_image',
    'content_record',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

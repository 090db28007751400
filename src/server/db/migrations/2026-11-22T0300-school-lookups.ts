import type { Kysely } from 'kysely';

/**
 * Indexes for the lookups of the school-management calls (features/school) that the initial schema
 * does not cover:
 *
 * - `enrolment_student`: every enrolment of a pupil (the class of a mark sheet when the pupil is in
 *   no class now); the partial unique index covers only the current one.
 * - `class_assignment_teacher_class`: "which classes and subjects does this teacher teach", the
 *   subquery of every teacher's visibility rule; it holds all three columns, so the rule is answered
 *   from the index alone.
 * - `notification_sender`: a teacher sees the notifications they sent.
 * - `notification_created`: notifications are listed newest first.
 * - `attendance_date`: every pupil's record of one date (the principal's overview of a day); the
 *   unique (student_id, att_date) index does not help a lookup by date alone.
 * - `attendance_class_report` replaces `attendance_class_date` (class_id, att_date): the same
 *   prefix, plus the pupil and the status, so a class's report over a range is read from the index
 *   alone instead of one table row per record.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('enrolment_student')
    .on('enrolment')
    .columns(['student_id', 'ended_on'])
    .execute();
  await db.schema
    .createIndex('class_assignment_teacher_class')
    .on('class_assignment')
    .columns(['teacher_id', 'class_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('notification_sender').on('notification').column('sender_id').execute();
  await db.schema.createIndex('notification_created').on('notification').column('created_at').execute();
  await db.schema.createIndex('attendance_date').on('attendance').column('att_date').execute();
  await db.schema
    .createIndex('attendance_class_report')
    .on('attendance')
    .columns(['class_id', 'att_date', 'student_id', 'status'])
    .execute();
  await db.schema.dropIndex('attendance_class_date').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attendance_class_date')
    .on('attendance')
    .columns(['class_id', 'att_date'])
    .execute();
  for (const index of [
    'attendance_class_report',
    'attendance_date',
    'notification_created',
    'notification_sender',
    'class_assignment_teacher_class',
    'enrolment_student',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}

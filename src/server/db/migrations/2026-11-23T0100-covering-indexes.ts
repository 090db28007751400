import type { Kysely } from 'kysely';

/**
 * Covering indexes for the two heaviest reads of a large school (see docs/decisions/0008):
 *
 * - `attendance_day` (att_date, student_id, status) replaces `attendance_date` (att_date): the same
 *   prefix, plus what the principal's overview of a day counts, so the day's records are read from
 *   the index alone instead of one table row per pupil.
 * - `mark_class_pupil` (class_id, student_id, marks): a class's marks grouped per pupil, the sums
 *   of `teacher/result`, read as one range of the index instead of a search per pupil.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attendance_day')
    .on('attendance')
    .columns(['att_date', 'student_id', 'status'])
    .execute();
  await db.schema.dropIndex('attendance_date').execute();
  await db.schema
    .createIndex('mark_class_pupil')
    .on('mark')
    .columns(['class_id', 'student_id', 'marks'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mark_class_pupil').execute();
  await db.schema.createIndex('attendance_date').on('attendance').column('att_date').execute();
  await db.schema.dropIndex('attendance_day').execute();
}

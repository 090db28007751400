import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0087-released-marks.md: exams belong to a term, marks to an exam, and an exam's
 * marks reach pupils and guardians once it is released.
 *
 * - `exam.term_id` (nullable: a school without terms keeps its exams), `released_at`, `released_by`.
 *   An existing exam gets the term holding its date, else the nearest term (fewest days from the
 *   date to the term's first or last day; on a tie the earlier term), else none.
 * - `mark.exam_id` (not null) and `changed_after_release`; one mark per pupil and exam instead of one
 *   per pupil, class and subject. SQLite cannot drop a table's unique constraint, so there the table
 *   is rebuilt with the same ids; PostgreSQL alters it in place.
 * - Existing marks go to an exam of their class and subject: the latest dated on or before the day
 *   their last mark was saved; without one, a new exam is made, dated the school's today (from the
 *   clock, in UTC) when that is in the current year's term, else the last day of the current
 *   year's latest term that has begun (its first term when none has), else the day of the last
 *   mark saved. Pupils already saw these marks, so every exam holding marks is released now.
 * - `mark_change.exam_id` (nullable: history outlives a deleted exam) and `after_release`.
 */

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

interface Term {
  id: number;
  first_day: string;
  last_day: string;
}

/** The term holding `day`, else the nearest (ties: the earlier); undefined without terms. */
export function termForDay(terms: readonly Term[], day: string): Term | undefined {
  let best: Term | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const ordered = [...terms].sort((a, b) => a.first_day.localeCompare(b.first_day) || a.id - b.id);
  for (const term of ordered) {
    if (term.first_day <= day && day <= term.last_day) return term;
    const distance =
      day < term.first_day
        ? dayNumber(term.first_day) - dayNumber(day)
        : dayNumber(day) - dayNumber(term.last_day);
    if (distance < bestDistance) {
      best = term;
      bestDistance = distance;
    }
  }
  return best;
}

/** The day a made-up exam for old marks is dated (the rule above). */
export function dayForOldMarks(currentTerms: readonly Term[], today: string, lastSaved: string): string {
  const ordered = [...currentTerms].sort((a, b) => a.first_day.localeCompare(b.first_day));
  if (ordered.length === 0) return lastSaved;
  const holding = ordered.find((t) => t.first_day <= today && today <= t.last_day);
  if (holding) return today;
  const begun = ordered.filter((t) => t.first_day <= today).at(-1);
  return (begun ?? (ordered[0] as Term)).last_day;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('exam')
    .addColumn('term_id', 'integer', (c) => c.references('school_term.id').onDelete('restrict'))
    .execute();
  await db.schema.alterTable('exam').addColumn('released_at', 'varchar(40)').execute();
  await db.schema
    .alterTable('exam')
    .addColumn('released_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('exam_term').on('exam').column('term_id').execute();
  await db.schema
    .createIndex('exam_lesson')
    .on('exam')
    .columns(['class_id', 'subject_id', 'exam_date'])
    .execute();

  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  const terms: Term[] = await db.selectFrom('school_term').select(['id', 'first_day', 'last_day']).execute();
  const currentTerms: Term[] = await db
    .selectFrom('school_term as t')
    .innerJoin('school_year as y', 'y.id', 't.year_id')
    .select(['t.id', 't.first_day', 't.last_day'])
    .where('y.is_current', '=', 1)
    .execute();

  const exams: { id: number; class_id: number; subject_id: number; exam_date: string }[] = await db
    .selectFrom('exam')
    .select(['id', 'class_id', 'subject_id', 'exam_date'])
    .orderBy('id')
    .execute();
  for (const exam of exams) {
    const term = termForDay(terms, exam.exam_date);
    if (term) await db.updateTable('exam').set({ term_id: term.id }).where('id', '=', exam.id).execute();
  }

  // The exam of each class and subject that has marks.
  const lessons: { class_id: number; subject_id: number; last_saved: string }[] = await db
    .selectFrom('mark')
    .select(['class_id', 'subject_id', (eb) => eb.fn.max('updated_at').as('last_saved')])
    .groupBy(['class_id', 'subject_id'])
    .execute();
  const examOf = new Map<string, number>();
  for (const lesson of lessons) {
    const lastDay = String(lesson.last_saved).slice(0, 10);
    const existing = exams
      .filter(
        (x) => x.class_id === lesson.class_id && x.subject_id === lesson.subject_id && x.exam_date <= lastDay,
      )
      .sort((a, b) => b.exam_date.localeCompare(a.exam_date) || b.id - a.id)[0];
    let examId = existing?.id;
    if (examId === undefined) {
      const day = dayForOldMarks(currentTerms, today, lastDay);
      const row = await db
        .insertInto('exam')
        .values({
          class_id: lesson.class_id,
          subject_id: lesson.subject_id,
          exam_date: day,
          time: '',
          created_at: now,
          term_id: termForDay(terms, day)?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      examId = row.id as number;
    }
    await db.updateTable('exam').set({ released_at: now }).where('id', '=', examId).execute();
    examOf.set(`${lesson.class_id}:${lesson.subject_id}`, examId);
  }

  if (isPostgres(db)) {
    await sql`alter table mark drop constraint mark_one_per_subject`.execute(db);
    await db.schema
      .alterTable('mark')
      .addColumn('exam_id', 'integer', (c) => c.references('exam.id').onDelete('restrict'))
      .execute();
    await db.schema
      .alterTable('mark')
      .addColumn('changed_after_release', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const [key, examId] of examOf) {
      const [classId, subjectId] = key.split(':').map(Number);
      await db
        .updateTable('mark')
        .set({ exam_id: examId })
        .where('class_id', '=', classId)
        .where('subject_id', '=', subjectId)
        .execute();
    }
    await sql`alter table mark alter column exam_id set not null`.execute(db);
    await sql`alter table mark add constraint mark_one_per_exam unique (exam_id, student_id)`.execute(db);
  } else {
    await db.schema
      .createTable('mark_next')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id'))
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('subject.id'))
      .addColumn('exam_id', 'integer', (c) => c.notNull().references('exam.id').onDelete('restrict'))
      .addColumn('marks', 'integer', (c) => c.notNull())
      .addColumn('changed_after_release', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .addUniqueConstraint('mark_one_per_exam', ['exam_id', 'student_id'])
      .execute();
    const cases = [...examOf].map(([key, examId]) => {
      const [classId, subjectId] = key.split(':').map(Number);
      return sql`when class_id = ${classId} and subject_id = ${subjectId} then ${examId}`;
    });
    if (cases.length > 0) {
      await sql`insert into mark_next (id, student_id, class_id, subject_id, exam_id, marks, updated_by, updated_at)
        select id, student_id, class_id, subject_id, case ${sql.join(cases, sql` `)} end, marks, updated_by, updated_at
        from mark`.execute(db);
    }
    await db.schema.dropTable('mark').execute();
    await db.schema.alterTable('mark_next').renameTo('mark').execute();
    await db.schema.createIndex('mark_class').on('mark').columns(['class_id', 'subject_id']).execute();
    await db.schema
      .createIndex('mark_class_pupil')
      .on('mark')
      .columns(['class_id', 'student_id', 'marks'])
      .execute();
  }
  await db.schema.createIndex('mark_pupil').on('mark').column('student_id').execute();

  await db.schema.alterTable('mark_change').addColumn('exam_id', 'integer').execute();
  await db.schema
    .alterTable('mark_change')
    .addColumn('after_release', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [key, examId] of examOf) {
    const [classId, subjectId] = key.split(':').map(Number);
    await db
      .updateTable('mark_change')
      .set({ exam_id: examId })
      .where('class_id', '=', classId)
      .where('subject_id', '=', subjectId)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mark_change').dropColumn('after_release').execute();
  await db.schema.alterTable('mark_change').dropColumn('exam_id').execute();
  await db.schema.dropIndex('mark_pupil').execute();
  // Back to one mark per pupil, class and subject: the latest saved of each is kept.
  await sql`delete from mark where id not in (
    select max(id) from mark group by student_id, class_id, subject_id)`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table mark drop constraint mark_one_per_exam`.execute(db);
    await db.schema.alterTable('mark').dropColumn('exam_id').execute();
    await db.schema.alterTable('mark').dropColumn('changed_after_release').execute();
    await sql`alter table mark add constraint mark_one_per_subject unique (student_id, class_id, subject_id)`.execute(
      db,
    );
  } else {
    await db.schema.dropIndex('mark_class').execute();
    await db.schema.dropIndex('mark_class_pupil').execute();
    await db.schema
      .createTable('mark_prev')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id'))
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('subject.id'))
      .addColumn('marks', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .addUniqueConstraint('mark_one_per_subject', ['student_id', 'class_id', 'subject_id'])
      .execute();
    await sql`insert into mark_prev (id, student_id, class_id, subject_id, marks, updated_by, updated_at)
      select id, student_id, class_id, subject_id, marks, updated_by, updated_at from mark`.execute(db);
    await db.schema.dropTable('mark').execute();
    await db.schema.alterTable('mark_prev').renameTo('mark').execute();
    await db.schema.createIndex('mark_class').on('mark').columns(['class_id', 'subject_id']).execute();
    await db.schema
      .createIndex('mark_class_pupil')
      .on('mark')
      .columns(['class_id', 'student_id', 'marks'])
      .execute();
  }
  await db.schema.dropIndex('exam_lesson').execute();
  await db.schema.dropIndex('exam_term').execute();
  await db.schema.alterTable('exam').dropColumn('released_by').execute();
  await db.schema.alterTable('exam').dropColumn('released_at').execute();
  await db.schema.alterTable('exam').dropColumn('term_id').execute();
}

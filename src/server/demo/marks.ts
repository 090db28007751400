import { termToShow } from '../../shared/rules/school-year.js';
import type { Db } from '../db/connect.js';
import { createRandom } from './random.js';

/**
 * The demo's exams and marks beyond the released term tests (docs/decisions/0087-released-marks.md):
 * a test whose marks are typed but not released, so teachers see what pupils do not yet.
 */

interface DemoTerm {
  id: number;
  first_day: string;
  last_day: string;
}

/** The term holding `day`, else the nearest one (the rule the migration of old exams follows). */
export function demoTermOf(terms: readonly DemoTerm[], day: string): DemoTerm | undefined {
  const holding = terms.find((t) => t.first_day <= day && day <= t.last_day);
  if (holding) return holding;
  const distance = (t: DemoTerm) =>
    Math.abs(Date.parse(day < t.first_day ? t.first_day : t.last_day) - Date.parse(day));
  return [...terms].sort((a, b) => distance(a) - distance(b) || a.first_day.localeCompare(b.first_day))[0];
}

/**
 * `day`, moved into the term the screens of marks show first on `today` (`termToShow`: today's,
 * else the latest begun; docs/decisions/0094-last-years-mark-sheets.md), with that term's id: the
 * demo's marked tests are where a pupil's results open, also in the first days of a term.
 */
export function inShownTerm(
  terms: readonly DemoTerm[],
  day: string,
  today: string,
): { day: string; termId: number | null } {
  const shown = termToShow(
    terms.map((t) => ({ ...t, firstDay: t.first_day, lastDay: t.last_day })),
    today,
  );
  if (!shown) return { day, termId: null };
  const within = day < shown.first_day ? shown.first_day : day > shown.last_day ? shown.last_day : day;
  return { day: within, termId: shown.id };
}

/** A second, unreleased test in one subject for the given pupils of one class, with their marks. */
export async function writeUnreleasedTest(
  trx: Db,
  test: {
    pupils: readonly { id: number; classId: number }[];
    subjectId: number;
    day: { day: string; termId: number | null };
    teacherOf: ReadonlyMap<string, number>;
    at: string;
  },
): Promise<void> {
  const classId = test.pupils[0]?.classId;
  if (classId === undefined) return;
  const teacher = test.teacherOf.get(`${classId}:${test.subjectId}`) ?? null;
  const exam = await trx
    .insertInto('exam')
    .values({
      class_id: classId,
      subject_id: test.subjectId,
      exam_date: test.day.day,
      time: '11:00 - 12:00',
      created_at: test.at,
      term_id: test.day.termId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its own generator, so the rest of the demo draws the same numbers as before.
  const rng = createRandom(8707);
  const rows = test.pupils.map((pupil) => ({
    student_id: pupil.id,
    class_id: classId,
    subject_id: test.subjectId,
    exam_id: exam.id,
    marks: rng.int(45, 95),
    updated_by: teacher,
    updated_at: test.at,
  }));
  await trx.insertInto('mark').values(rows).execute();
  await trx
    .insertInto('mark_change')
    .values(
      rows.map((row) => ({
        student_id: row.student_id,
        class_id: classId,
        subject_id: test.subjectId,
        exam_id: exam.id,
        old_marks: null,
        new_marks: row.marks,
        changed_by: teacher,
        changed_at: test.at,
      })),
    )
    .execute();
}

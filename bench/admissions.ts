import type { Db } from '../src/server/db/connect.js';
import { admissionsYear } from '../src/server/features/admissions/admissions.repository.js';
import { ADMISSION_STAGES } from '../src/shared/rules/admission-stages.js';

/**
 * The large school's admissions (docs/decisions/0101-seats-that-mean-something.md,
 * 0102-the-admissions-pipeline.md): every class takes admissions with seats in the admissions
 * year, and a year of 600 admission cases spread over the classes and the stages, each with its
 * moves, some on waiting lists. Answers the class whose board is measured (the one with most cases).
 */
export const ADMISSION_CASES = 600;

export async function seedAdmissions(db: Db): Promise<{ classId: number; yearId: number }> {
  const year = await admissionsYear(db);
  if (!year) throw new Error('The large school has no current year');
  const classes = (await db.selectFrom('school_class').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  await db.updateTable('school_class').set({ takes_admissions: 1 }).execute();
  await db
    .insertInto('class_capacity')
    .values(classes.map((id) => ({ class_id: id, year_id: year.id, seats: 40 })))
    .onConflict((conflict) => conflict.columns(['class_id', 'year_id']).doNothing())
    .execute();
  const base = Date.parse('2026-01-05T09:00:00Z');
  const at = (index: number) => new Date(base + index * 3_600_000).toISOString();
  // A third of the cases in one class, the rest spread: the measured board is the fullest.
  const classOf = (index: number) =>
    (index % 3 === 0 ? classes[0] : classes[index % classes.length]) as number;
  const cases = Array.from({ length: ADMISSION_CASES }, (_, index) => {
    const stage = ADMISSION_STAGES[index % ADMISSION_STAGES.length] as string;
    return {
      child_name: `Child ${index + 1}`,
      class_id: classOf(index),
      year_id: year.id,
      family_name: `Family ${index + 1}`,
      email: `family${index + 1}@bench.example`,
      phone: '',
      language: 'en',
      message: '',
      stage,
      visit_date: stage === 'visit' ? '2026-02-02' : null,
      visit_time: stage === 'visit' ? '10:00' : null,
      offer_deadline: stage === 'offered' ? '2026-03-01' : null,
      waiting_since: stage === 'waiting' ? at(index) : null,
      close_reason: stage === 'closed' ? 'Another school' : null,
      source: 'booking',
      created_at: at(index),
      stage_changed_at: at(index),
      updated_at: at(index),
    };
  });
  for (let i = 0; i < cases.length; i += 200) {
    const ids = await db
      .insertInto('admission_case')
      .values(cases.slice(i, i + 200))
      .returning(['id', 'stage'])
      .execute();
    await db
      .insertInto('admission_move')
      .values(
        ids.flatMap((row, j) => [
          { case_id: row.id, from_stage: null, to_stage: 'enquiry', moved_at: at(i + j) },
          ...(row.stage === 'enquiry'
            ? []
            : [{ case_id: row.id, from_stage: 'enquiry', to_stage: row.stage, moved_at: at(i + j + 1) }]),
        ]),
      )
      .execute();
  }
  return { classId: classes[0] as number, yearId: year.id };
}

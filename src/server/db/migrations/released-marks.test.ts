import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { migrateTo, migrateToLatest } from '../migrate.js';
import { dayForOldMarks, termForDay } from './2026-12-07T0100-released-marks.js';

const TERMS = [
  { id: 1, first_day: '2026-09-01', last_day: '2026-12-18' },
  { id: 2, first_day: '2027-01-05', last_day: '2027-03-27' },
];

describe('the term of an old exam (2026-12-07T0100-released-marks)', () => {
  it('is the term holding its date, else the nearest, on a tie the earlier, else none', () => {
    expect(termForDay(TERMS, '2026-10-01')?.id).toBe(1);
    expect(termForDay(TERMS, '2027-03-27')?.id).toBe(2);
    expect(termForDay(TERMS, '2026-12-20')?.id).toBe(1);
    expect(termForDay(TERMS, '2027-01-03')?.id).toBe(2);
    // 2026-12-27 is nine days from both.
    expect(termForDay(TERMS, '2026-12-27')?.id).toBe(1);
    expect(termForDay(TERMS, '2025-01-01')?.id).toBe(1);
    expect(termForDay([], '2026-10-01')).toBeUndefined();
  });

  it('dates a made-up exam today in a term, else at the end of the last term begun, else the last mark’s day', () => {
    expect(dayForOldMarks(TERMS, '2026-11-20', '2026-11-10')).toBe('2026-11-20');
    expect(dayForOldMarks(TERMS, '2026-12-28', '2026-11-10')).toBe('2026-12-18');
    expect(dayForOldMarks(TERMS, '2026-08-01', '2026-07-10')).toBe('2026-12-18');
    expect(dayForOldMarks([], '2026-11-20', '2026-11-10')).toBe('2026-11-10');
  });
});

describe.each(TEST_ENGINES)('migration 2026-12-07T0100-released-marks on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  const now = '2026-11-01T00:00:00.000Z';

  /** The tables as they were before the migration (marks without exams), through an untyped handle. */
  async function oldSchool(latest: TestDatabase['db']) {
    // biome-ignore lint/suspicious/noExplicitAny: the schema of the day before this migration
    const db = latest as unknown as Kysely<any>;
    const { id: classId } = await db
      .insertInto('school_class')
      .values({ name: 'Old class', name_key: 'old class' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subject = async (name: string) =>
      (
        await db
          .insertInto('subject')
          .values({ name, name_key: name.toLowerCase() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const maths = await subject('Maths');
    const art = await subject('Art');
    const pupil = async (n: number) =>
      (
        await db
          .insertInto('app_user')
          .values({
            name: `Old Pupil ${n}`,
            designation: '',
            description: '',
            type: 'Student',
            gender: 'Other',
            dob: '2020-01-01',
            address: '',
            contact: '',
            email: `old${n}@pupil.test`,
            email_key: `old${n}@pupil.test`,
            password_hash: 'x',
            social_link: '',
            status: 'active',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const pupils = [await pupil(1), await pupil(2)];
    const mark = (student_id: number, subject_id: number, marks: number) => ({
      student_id,
      class_id: classId,
      subject_id,
      marks,
      updated_by: null,
      updated_at: '2026-10-20T10:00:00.000Z',
    });
    await db
      .insertInto('mark')
      .values([
        mark(pupils[0] as number, maths, 71),
        mark(pupils[1] as number, maths, 28),
        mark(pupils[0] as number, art, 90),
      ])
      .execute();
    await db
      .insertInto('mark_change')
      .values({
        student_id: pupils[0] as number,
        class_id: classId,
        subject_id: maths,
        old_marks: null,
        new_marks: 71,
        changed_by: null,
        changed_at: '2026-10-20T10:00:00.000Z',
      })
      .execute();
    // Maths had an exam before the marks were saved (it holds them) and one after (it does not).
    const exam = (exam_date: string) => ({
      class_id: classId,
      subject_id: maths,
      exam_date,
      time: '09:00 - 10:00',
      created_at: now,
    });
    await db
      .insertInto('exam')
      .values([exam('2026-10-15'), exam('2026-12-01')])
      .execute();
    return { classId, maths, art, pupils };
  }

  it('keeps every old mark, each in an exam of its class and subject that is released', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-12-06T0200-calendar');
    const { maths, art } = await oldSchool(db);
    const year = await db
      .insertInto('school_year')
      .values({
        name: '2026–2027',
        name_key: '2026–2027',
        first_day: '2026-09-01',
        last_day: '2027-07-31',
        is_current: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: autumn } = await db
      .insertInto('school_term')
      .values({
        year_id: year.id,
        name: 'Autumn',
        name_key: 'autumn',
        first_day: '2026-09-01',
        last_day: '2026-12-18',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrateToLatest(db);
    const marks = await db
      .selectFrom('mark as m')
      .innerJoin('exam as x', 'x.id', 'm.exam_id')
      .select([
        'm.subject_id',
        'm.marks',
        'm.changed_after_release',
        'x.exam_date',
        'x.term_id',
        'x.released_at',
      ])
      .orderBy('m.id')
      .execute();
    expect(marks.map((m) => [m.subject_id, m.marks])).toEqual([
      [maths, 71],
      [maths, 28],
      [art, 90],
    ]);
    for (const m of marks) {
      expect(m.released_at).not.toBeNull();
      expect(m.term_id).toBe(autumn);
      expect(Number(m.changed_after_release)).toBe(0);
    }
    // Maths: the exam of 15 October; Art had none, so one was made.
    expect(marks[0]?.exam_date).toBe('2026-10-15');
    const exams = await db.selectFrom('exam').selectAll().orderBy('id').execute();
    expect(exams).toHaveLength(3);
    expect(exams[1]).toMatchObject({ exam_date: '2026-12-01', term_id: autumn, released_at: null });
    const history = await db.selectFrom('mark_change').selectAll().execute();
    expect(history).toMatchObject([{ exam_id: exams[0]?.id, new_marks: 71 }]);

    // And back down: one mark per pupil, class and subject again, the exams without terms.
    await migrateTo(db, '2026-12-06T0200-calendar');
    // biome-ignore lint/suspicious/noExplicitAny: the schema of the day before this migration
    const old = db as unknown as Kysely<any>;
    const back = await old.selectFrom('mark').select(['subject_id', 'marks']).orderBy('id').execute();
    expect(back.map((m) => [m.subject_id, m.marks])).toEqual([
      [maths, 71],
      [maths, 28],
      [art, 90],
    ]);
    const oldExam = await old.selectFrom('exam').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(oldExam)).not.toContain('term_id');
  });

  it('migrates a school with no years: its exams keep no term and its marks stay', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-12-06T0200-calendar');
    await oldSchool(db);
    await migrateToLatest(db);
    const exams = await db.selectFrom('exam').selectAll().execute();
    expect(exams.every((x) => x.term_id === null)).toBe(true);
    const marks = await db.selectFrom('mark').select(['marks', 'exam_id']).orderBy('id').execute();
    expect(marks.map((m) => m.marks)).toEqual([71, 28, 90]);
    // Art had no exam: one was made, dated the day its marks were saved.
    const art = exams.find((x) => x.exam_date !== '2026-10-15' && x.exam_date !== '2026-12-01');
    expect(art?.exam_date).toBe('2026-10-20');
  });
});

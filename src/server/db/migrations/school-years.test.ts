import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { migrateTo, migrateToLatest } from '../migrate.js';
import { termsFromPlans } from './2026-12-06T0100-school-years.js';

describe('the terms of the fee plans’ free text (2026-12-06T0100-school-years)', () => {
  it('makes one term per text (whatever its case), from its plans’ earliest to latest due date', () => {
    expect(
      termsFromPlans([
        { term: 'Spring 2027', due_date: '2027-01-10' },
        { term: 'Autumn 2026', due_date: '2026-09-15' },
        { term: 'autumn 2026', due_date: '2026-10-01' },
        { term: 'Spring 2027', due_date: '2027-02-01' },
      ]),
    ).toEqual([
      { name: 'Autumn 2026', firstDay: '2026-09-15', lastDay: '2026-10-01' },
      { name: 'Spring 2027', firstDay: '2027-01-10', lastDay: '2027-02-01' },
    ]);
  });

  it('moves a term that would meet the one before it to the next day, so no two overlap', () => {
    expect(
      termsFromPlans([
        { term: 'Term A', due_date: '2026-09-01' },
        { term: 'Term A', due_date: '2026-09-30' },
        { term: 'Term B', due_date: '2026-09-01' },
        { term: 'Term C', due_date: '2026-09-10' },
        { term: 'Term C', due_date: '2026-11-01' },
      ]),
    ).toEqual([
      { name: 'Term A', firstDay: '2026-09-01', lastDay: '2026-09-30' },
      { name: 'Term B', firstDay: '2026-10-01', lastDay: '2026-10-01' },
      { name: 'Term C', firstDay: '2026-10-02', lastDay: '2026-11-01' },
    ]);
  });

  it('makes nothing without plans', () => {
    expect(termsFromPlans([])).toEqual([]);
  });
});

describe.each(TEST_ENGINES)('migration 2026-12-06T0100-school-years on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('gives the existing fee plans terms of one current year, keeping their text, and goes back down', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-12-05T0100-answer-versions');
    const at = '2026-11-01T00:00:00.000Z';
    const { id: classId } = await db
      .insertInto('school_class')
      .values({ name: 'Old class', name_key: 'old class' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const plan = (term: string, due: string) => ({
      name: `Fees ${term}`,
      class_id: classId,
      term,
      due_date: due,
      currency: 'USD',
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('fee_plan')
      .values([
        plan('Autumn 2025', '2025-09-20'),
        plan('Spring 2026', '2026-01-15'),
        plan('Autumn 2025', '2025-10-05'),
      ])
      .execute();

    await migrateToLatest(db);
    const years = await db.selectFrom('school_year').selectAll().execute();
    expect(years).toMatchObject([
      { name: '2025–2026', first_day: '2025-09-20', last_day: '2026-01-15', is_current: 1 },
    ]);
    const terms = await db.selectFrom('school_term').selectAll().orderBy('first_day').execute();
    expect(terms).toMatchObject([
      { name: 'Autumn 2025', first_day: '2025-09-20', last_day: '2025-10-05' },
      { name: 'Spring 2026', first_day: '2026-01-15', last_day: '2026-01-15' },
    ]);
    const plans = await db.selectFrom('fee_plan').select(['term', 'term_id']).orderBy('id').execute();
    expect(plans).toEqual([
      { term: 'Autumn 2025', term_id: terms[0]?.id },
      { term: 'Spring 2026', term_id: terms[1]?.id },
      { term: 'Autumn 2025', term_id: terms[0]?.id },
    ]);

    // A second current year is refused by the database itself.
    await expect(
      db
        .insertInto('school_year')
        .values({
          name: 'Another',
          name_key: 'another',
          first_day: '2027-09-01',
          last_day: '2028-07-31',
          is_current: 1,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow();

    await migrateTo(db, '2026-12-05T0100-answer-versions');
    const after = await db.selectFrom('fee_plan').selectAll().orderBy('id').execute();
    expect(after.map((row) => row.term)).toEqual(['Autumn 2025', 'Spring 2026', 'Autumn 2025']);
    expect(after[0]).not.toHaveProperty('term_id');
  });
});

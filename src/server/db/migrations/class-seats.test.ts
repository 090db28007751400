import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

describe.each(TEST_ENGINES)('migration 2026-12-08T0200-class-seats on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('links the class cards titled as a class, gives the class their seats in the next year, and goes back down', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-12-07T0600-report-card-answers');
    const at = '2026-11-01T00:00:00.000Z';
    const classes = await db
      .insertInto('school_class')
      .values([
        { name: 'KG', name_key: 'kg' },
        { name: 'Class 1', name_key: 'class 1' },
      ])
      .returning(['id', 'name'])
      .execute();
    const id = (name: string) => classes.find((row) => row.name === name)?.id as number;
    const year = (name: string, first: string, last: string, current: number) =>
      db
        .insertInto('school_year')
        .values({
          name,
          name_key: name,
          first_day: first,
          last_day: last,
          is_current: current,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await year('2026–2027', '2026-09-01', '2027-07-31', 1);
    const next = await year('2027–2028', '2027-09-01', '2028-07-31', 0);
    const card = (title: string, totalSeats: string, position: number) =>
      db
        .insertInto('content_record')
        .values({
          collection: 'kidsclasses',
          position,
          fields: JSON.stringify({
            title,
            description: '',
            ageOfKids: '',
            totalSeats,
            classTime: '',
            tuitionFee: '',
          }),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const kg = await card(' kg ', '20 Seats', 0);
    const class1 = await card('Class 1', 'About twenty', 1);
    const painting = await card('Painting', '12', 2);

    await migrateToLatest(db);
    const fieldsOf = async (recordId: number) =>
      JSON.parse(
        (
          await db
            .selectFrom('content_record')
            .select('fields')
            .where('id', '=', recordId)
            .executeTakeFirstOrThrow()
        ).fields,
      ) as Record<string, string>;
    expect((await fieldsOf(kg.id)).classId).toBe(String(id('KG')));
    expect((await fieldsOf(class1.id)).classId).toBe(String(id('Class 1')));
    expect((await fieldsOf(painting.id)).classId).toBeUndefined();
    expect(
      await db.selectFrom('school_class').select(['name', 'takes_admissions']).orderBy('name').execute(),
    ).toEqual([
      { name: 'Class 1', takes_admissions: 1 },
      { name: 'KG', takes_admissions: 1 },
    ]);
    expect(await db.selectFrom('class_capacity').selectAll().execute()).toEqual([
      { class_id: id('KG'), year_id: next.id, seats: 20 },
    ]);

    await migrateTo(db, '2026-12-07T0600-report-card-answers');
    expect((await fieldsOf(kg.id)).classId).toBeUndefined();
    expect((await fieldsOf(kg.id)).totalSeats).toBe('20 Seats');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

describe.each(TEST_ENGINES)('migration 2026-12-07T0800-notice-years on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('gives existing notices their school day and the year it is in, and goes back down', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-12-07T0600-report-card-answers');
    await db.updateTable('school_settings').set({ time_zone: 'America/New_York' }).execute();
    const at = '2026-11-01T00:00:00.000Z';
    const year = async (name: string, firstDay: string, lastDay: string, current: 0 | 1) =>
      (
        await db
          .insertInto('school_year')
          .values({
            name,
            name_key: name,
            first_day: firstDay,
            last_day: lastDay,
            is_current: current,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const earlier = await year('2025–2026', '2025-09-01', '2026-07-31', 0);
    const current = await year('2026–2027', '2026-09-01', '2027-07-31', 1);
    const notice = async (createdAt: string) =>
      (
        await db
          .insertInto('notification')
          // The schema of the day before this migration: no day, no year.
          .values({
            sender_id: null,
            class_id: null,
            student_id: null,
            body: 'A notice',
            created_at: createdAt,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // 02:00 UTC is still the evening before in New York.
    const evening = await notice('2026-11-28T02:00:00.000Z');
    const summer = await notice('2026-08-15T12:00:00.000Z');
    const beforeYears = await notice('2025-01-10T12:00:00.000Z');

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('notification')
      .select(['id', 'sent_on', 'year_id'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: evening, sent_on: '2026-11-27', year_id: current },
      // Between years: the year just ended.
      { id: summer, sent_on: '2026-08-15', year_id: earlier },
      // Before every year: the earliest.
      { id: beforeYears, sent_on: '2025-01-10', year_id: earlier },
    ]);

    await migrateTo(db, '2026-12-07T0600-report-card-answers');
    const after = await db.selectFrom('notification').selectAll().orderBy('id').execute();
    expect(after).toHaveLength(3);
    expect(after[0]).not.toHaveProperty('sent_on');
    expect(after[0]).not.toHaveProperty('year_id');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseFileStore } from '../lib/file-store/database-file-store.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { seedDemoSchool } from './index.js';
import { PARENT_EMAIL, STUDENT_EMAIL } from './people.js';

/** A Wednesday (as demo.test.ts): the registers, and so the log, cover the school days before it. */
const TODAY = new Date('2026-11-25T10:30:00Z');

describe.each(TEST_ENGINES)('the demo’s daily log on %s', (engine) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seedDemoSchool(t.db, new DatabaseFileStore(t.db), { today: TODAY });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('logs a week of each class’s days for the children who came, by their class teachers', async () => {
    const days = await t.db.selectFrom('log_entry').select('day').distinct().orderBy('day').execute();
    const registerDays = await t.db.selectFrom('checkin').select('day').distinct().orderBy('day').execute();
    expect(days).toEqual(registerDays);
    expect(days).toHaveLength(5);
    const kinds = await t.db.selectFrom('log_entry').select('kind').distinct().execute();
    expect(new Set(kinds.map((row) => row.kind))).toEqual(
      new Set(['mood', 'activity', 'meal', 'nap', 'toilet', 'medication', 'incident']),
    );
    // Every entry is of a child who arrived that day, in the class they arrived in.
    const stray = await t.db
      .selectFrom('log_entry as l')
      .leftJoin('checkin as k', (join) =>
        join.onRef('k.student_id', '=', 'l.student_id').onRef('k.day', '=', 'l.day').on('k.kind', '=', 'in'),
      )
      .select('l.id')
      .where('k.id', 'is', null)
      .execute();
    expect(stray).toEqual([]);
  });

  it('has one incident of student@, acknowledged by the demo parent that afternoon', async () => {
    const incidents = await t.db
      .selectFrom('log_entry as l')
      .innerJoin('app_user as u', 'u.id', 'l.student_id')
      .leftJoin('app_user as p', 'p.id', 'l.acknowledged_by')
      .select(['u.email_key', 'l.day', 'l.time', 'l.acknowledged_at', 'p.email_key as parent'])
      .where('l.kind', '=', 'incident')
      .execute();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ email_key: STUDENT_EMAIL, time: '10:40', parent: PARENT_EMAIL });
    expect(incidents[0]?.acknowledged_at?.slice(0, 10)).toBe(incidents[0]?.day);
  });
});

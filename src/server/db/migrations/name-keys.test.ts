import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

describe.each(TEST_ENGINES)('migration 2026-11-23T0200-name-keys on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('keys the names of the day, keeps case variants apart by id, then refuses new ones', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    // Back to the schema before the migration (this runs its down()), with rows of that time.
    await migrateTo(db, '2026-11-23T0100-covering-indexes');
    // biome-ignore lint/suspicious/noExplicitAny: the schema of the day has no name_key
    const before = db as any;
    const inserted: { id: number }[] = await before
      .insertInto('school_class')
      .values([{ name: 'KG' }, { name: 'kg' }, { name: 'École' }])
      .returning('id')
      .execute();
    await before.insertInto('time_slot').values({ label: '08:00 - 08:45', position: 1 }).execute();

    await migrateToLatest(db);
    const classes = await db
      .selectFrom('school_class')
      .select(['id', 'name', 'name_key'])
      .orderBy('id')
      .execute();
    expect(classes).toEqual([
      { id: inserted[0]?.id, name: 'KG', name_key: 'kg' },
      { id: inserted[1]?.id, name: 'kg', name_key: `kg#${inserted[1]?.id}` },
      { id: inserted[2]?.id, name: 'École', name_key: 'école' },
    ]);
    expect(await db.selectFrom('time_slot').select('name_key').execute()).toEqual([
      { name_key: '08:00 - 08:45' },
    ]);
    // The unique index stands behind the service's check.
    await expect(
      db.insertInto('school_class').values({ name: 'ÉCOLE', name_key: 'école' }).execute(),
    ).rejects.toThrow();
  });
});

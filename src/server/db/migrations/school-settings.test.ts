import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL_SETTINGS } from '../../../shared/api/settings.js';
import { readSettings } from '../../features/settings/settings.repository.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import type { Db } from '../connect.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

describe.each(TEST_ENGINES)('migration 2026-11-24T0100-school-settings on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  /** A contact record as the schema of that day held it (the repository writes today's tables). */
  const insertContact = (db: Db, fields: ReturnType<typeof contact>, position: number) =>
    db
      .insertInto('content_record')
      .values({
        collection: 'contacts',
        position,
        fields: JSON.stringify(fields),
        created_at: '2026-11-01T00:00:00.000Z',
        updated_at: '2026-11-01T00:00:00.000Z',
      })
      .execute();

  const contact = (address: string, phone: string) => ({
    label: 'Get In Touch',
    title: 'Contact Us',
    description: 'Write to us.',
    address,
    email: 'office@old.example',
    phone,
    openingHours: 'Mon - Fri',
  });

  it('gives a school that existed before it the defaults and the facts of its contact record', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-11-23T0400-attempt-counters');
    await insertContact(db, contact(' 1 Old Road ', '+1 555 0000 111'), 0);
    await insertContact(db, contact('A second record', '0'), 1);

    await migrateToLatest(db);
    expect(await readSettings(db)).toEqual({
      ...DEFAULT_SCHOOL_SETTINGS,
      address: '1 Old Road',
      email: 'office@old.example',
      phone: '+1 555 0000 111',
      openingHours: 'Mon - Fri',
    });
  });

  it('leaves out a fact longer than its setting allows, and holds one row only', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-11-23T0400-attempt-counters');
    await insertContact(db, contact('2 New Road', '1'.repeat(31)), 0);

    await migrateToLatest(db);
    const settings = await readSettings(db);
    expect(settings.address).toBe('2 New Road');
    expect(settings.phone).toBe('');
    const row = await db.selectFrom('school_settings').selectAll().executeTakeFirstOrThrow();
    // A complete second row, refused by the check on its id alone.
    await expect(
      db
        .insertInto('school_settings')
        .values({ ...row, id: 2 })
        .execute(),
    ).rejects.toThrow();
    expect(await db.selectFrom('school_settings').select('id').execute()).toEqual([{ id: 1 }]);
  });

  it('on a database without content: the defaults', async () => {
    test = await createTestDatabase(engine);
    expect(await readSettings(test.db)).toEqual(DEFAULT_SCHOOL_SETTINGS);
  });
});

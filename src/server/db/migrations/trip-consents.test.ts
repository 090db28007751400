import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { userWithSession } from '../../test/school-fixtures.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

/**
 * 2026-12-09T0900-trip-consents (docs/decisions/0115-trips-in-the-consent-ledger.md): a form may be
 * a trip permission slip (`school_form.trip`, 0 for the forms there were), and a ledger entry may
 * name the slip it was signed on (`consent_entry.school_form_id`, null for the entries there were).
 * Down forgets the entries of the kinds that did not exist before, and drops both columns.
 */
const BEFORE = '2026-12-08T1200-consent-ledger';

describe.each(TEST_ENGINES)('migration 2026-12-09T0900-trip-consents on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('adds the trip mark and the slip of an entry, and takes them back', async () => {
    test = await createTestDatabase(engine);
    await migrateTo(test.db, BEFORE);
    // biome-ignore lint/suspicious/noExplicitAny: the schema of the migration's day
    const db = test.db as unknown as Kysely<any>;
    const pupil = (await userWithSession(test.db, 'Student', 'Tia Trip')).id;
    const form = await db
      .insertInto('school_form')
      .values({
        title: 'Farm trip',
        description: '',
        whole_school: 1,
        due_on: '2026-12-20',
        questions: '[]',
        status: 'sent',
        created_by: null,
        created_at: '2026-12-01T09:00:00.000Z',
        updated_at: '2026-12-01T09:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('consent_entry')
      .values({ student_id: pupil, kind: 'website', given: 1, at: '2026-12-01T09:00:00.000Z', how: 'app' })
      .execute();

    await migrateToLatest(test.db);
    expect(
      await test.db.selectFrom('school_form').select('trip').where('id', '=', form.id).executeTakeFirst(),
    ).toEqual({ trip: 0 });
    expect(
      (await test.db.selectFrom('consent_entry').select(['kind', 'school_form_id']).execute()).map((row) => [
        row.kind,
        row.school_form_id,
      ]),
    ).toEqual([['website', null]]);
    await test.db.updateTable('school_form').set({ trip: 1 }).where('id', '=', form.id).execute();
    // Only 0 or 1.
    await expect(
      test.db.updateTable('school_form').set({ trip: 2 }).where('id', '=', form.id).execute(),
    ).rejects.toThrow();
    for (const [kind, school_form_id] of [
      ['trip', form.id],
      ['outings', null],
    ] as const) {
      await test.db
        .insertInto('consent_entry')
        .values({
          student_id: pupil,
          subscriber_email: null,
          kind,
          given: 1,
          by_user: null,
          by_name: 'A parent',
          at: '2026-12-02T09:00:00.000Z',
          how: kind === 'trip' ? 'school-form' : 'app',
          school_form_id,
        })
        .execute();
    }
    // An entry names a slip that exists.
    await expect(
      test.db
        .insertInto('consent_entry')
        .values({
          student_id: pupil,
          kind: 'trip',
          given: 1,
          by_user: null,
          by_name: 'A parent',
          subscriber_email: null,
          at: '2026-12-02T09:00:00.000Z',
          how: 'school-form',
          school_form_id: form.id + 1000,
        })
        .execute(),
    ).rejects.toThrow();

    await migrateTo(test.db, BEFORE);
    const columns = async (table: string) =>
      (await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
    expect(await columns('school_form')).not.toContain('trip');
    expect(await columns('consent_entry')).not.toContain('school_form_id');
    expect((await db.selectFrom('consent_entry').select('kind').execute()).map((row) => row.kind)).toEqual([
      'website',
    ]);
  });
});

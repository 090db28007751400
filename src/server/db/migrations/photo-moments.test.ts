import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { userWithSession } from '../../test/school-fixtures.js';
import type { Db } from '../connect.js';
import { migrateTo } from '../migrate.js';

/**
 * 2026-12-04T0200-photo-moments (docs/decisions/0079-photo-consent.md): the care details' one photo
 * consent becomes three, all on where it was on and all off where it was off; down makes the one
 * flag again from the website's consent.
 */
describe.each(TEST_ENGINES)('migration 2026-12-04T0200-photo-moments on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  const document = (photoConsent: unknown) =>
    JSON.stringify({
      emergencyContacts: [],
      medical: { allergies: '', conditions: '', medication: '', doctorName: '', doctorPhone: '' },
      pickups: [],
      photoConsent,
    });
  // The columns as they were then (docs/decisions/0111-consent-as-a-ledger.md drops them later).
  const saved = async (db: Db, id: number) =>
    (
      db as unknown as Kysely<{
        care_record: Record<string, string | number> & { student_id: number; document: string };
      }>
    )
      .selectFrom('care_record')
      .select(['document', 'photo_consent', 'consent_own_family', 'consent_other_families'])
      .where('student_id', '=', id)
      .executeTakeFirstOrThrow();

  it('turns the one flag into three consents, and back', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-12-03T0200-school-words');
    const yes = (await userWithSession(db, 'Student', 'Yes Pupil')).id;
    const no = (await userWithSession(db, 'Student', 'No Pupil')).id;
    for (const [id, on] of [
      [yes, true],
      [no, false],
    ] as const) {
      await db
        .insertInto('care_record')
        .values({
          student_id: id,
          document: document(on),
          photo_consent: on ? 1 : 0,
          has_allergy: 0,
          updated_at: '2026-11-30T10:00:00.000Z',
          updated_by: null,
        } as never)
        .execute();
    }

    // Its own step only: the consent ledger (2026-12-08T1200-consent-ledger) drops these columns later.
    await migrateTo(db, '2026-12-04T0200-photo-moments');
    const after = await saved(db, yes);
    expect(JSON.parse(after.document).photoConsent).toEqual({
      website: true,
      ownFamily: true,
      otherFamilies: true,
    });
    expect([after.photo_consent, after.consent_own_family, after.consent_other_families].map(Number)).toEqual(
      [1, 1, 1],
    );
    const off = await saved(db, no);
    expect(JSON.parse(off.document).photoConsent).toEqual({
      website: false,
      ownFamily: false,
      otherFamilies: false,
    });
    expect([off.photo_consent, off.consent_own_family, off.consent_other_families].map(Number)).toEqual([
      0, 0, 0,
    ]);

    await migrateTo(db, '2026-12-03T0200-school-words');
    const back = await db
      .selectFrom('care_record')
      .select(['student_id', 'document'])
      .orderBy('student_id')
      .execute();
    expect(back.map((row) => JSON.parse(row.document).photoConsent)).toEqual([true, false]);
  });
});

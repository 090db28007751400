import { afterEach, describe, expect, it } from 'vitest';
import { findCareRecord } from '../../features/care/care.repository.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { migrateTo, migrateToLatest } from '../migrate.js';
import { medicationsFromText, medicationsToText } from './2026-12-04T0100-day-log.js';

describe('the medication text as a list (2026-12-04T0100-day-log)', () => {
  it('makes each non-empty line one medication, "Name: dose" split at the first colon', () => {
    expect(medicationsFromText('')).toEqual([]);
    expect(
      medicationsFromText(
        'Adrenaline auto-injector (EpiPen): one in the office, one in his bag.\n\n  Inhaler  \r\n',
      ),
    ).toEqual([
      { name: 'Adrenaline auto-injector (EpiPen)', dose: 'one in the office, one in his bag.' },
      { name: 'Inhaler', dose: '' },
    ]);
  });

  it('keeps what does not fit: a long name’s tail in the dose, lines past the tenth in the tenth’s dose', () => {
    const [long] = medicationsFromText(`${'a'.repeat(100)} tail: dose`);
    expect(long).toEqual({ name: 'a'.repeat(100), dose: 'tail dose' });
    const twelve = medicationsFromText(Array.from({ length: 12 }, (_, i) => `M${i + 1}`).join('\n'));
    expect(twelve).toHaveLength(10);
    expect(twelve[9]).toEqual({ name: 'M10', dose: 'M11; M12' });
  });

  it('writes the list back as lines', () => {
    expect(
      medicationsToText([
        { name: 'A', dose: '1 ml' },
        { name: 'B', dose: '' },
      ]),
    ).toBe('A: 1 ml\nB');
  });
});

describe.each(TEST_ENGINES)('migration 2026-12-04T0100-day-log on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('turns each saved care document’s medication text into the list, and back down', async () => {
    test = await createTestDatabase(engine);
    const { db } = test;
    await migrateTo(db, '2026-12-03T0200-school-words');
    const now = '2026-12-01T00:00:00.000Z';
    const { id } = await db
      .insertInto('app_user')
      .values({
        name: 'Old Pupil',
        designation: '',
        description: '',
        type: 'Student',
        gender: 'Other',
        dob: '2020-01-01',
        address: '',
        contact: '',
        email: 'old@pupil.test',
        email_key: 'old@pupil.test',
        password_hash: 'x',
        social_link: '',
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = {
      emergencyContacts: [],
      medical: {
        allergies: '',
        conditions: '',
        medication: 'Inhaler: two puffs\nCream',
        doctorName: '',
        doctorPhone: '',
      },
      pickups: [],
      photoConsent: false,
    };
    await db
      .insertInto('care_record')
      .values({
        student_id: id,
        document: JSON.stringify(old),
        photo_consent: 0,
        has_allergy: 0,
        updated_at: now,
        updated_by: null,
        // The row as it was before the migrations after this one (the photo consents' columns).
      } as never)
      .execute();

    await migrateToLatest(db);
    expect((await findCareRecord(db, id))?.details.medical.medications).toEqual([
      { name: 'Inhaler', dose: 'two puffs' },
      { name: 'Cream', dose: '' },
    ]);

    await migrateTo(db, '2026-12-03T0200-school-words');
    const back = await db
      .selectFrom('care_record')
      .select('document')
      .where('student_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(back.document).medical).toEqual({
      ...old.medical,
      medication: 'Inhaler: two puffs\nCream',
    });
  });
});

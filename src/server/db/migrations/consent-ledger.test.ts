import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { userWithSession } from '../../test/school-fixtures.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

/**
 * 2026-12-08T1200-consent-ledger (docs/decisions/0111-consent-as-a-ledger.md): the care record's
 * three consent columns become each child's first ledger entries ("carried over", at the record's
 * last save) and are dropped; a confirmed newsletter subscriber gets one "given" entry; down puts
 * the columns back from each child's latest entries.
 */
const BEFORE = '2026-12-08T0700-child-access-log';

describe.each(TEST_ENGINES)('migration 2026-12-08T1200-consent-ledger on %s', (engine) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('carries the old consents over as first entries, and back', async () => {
    test = await createTestDatabase(engine);
    await migrateTo(test.db, BEFORE);
    // biome-ignore lint/suspicious/noExplicitAny: the schema of the migration's day
    const db = test.db as unknown as Kysely<any>;
    const on = (await userWithSession(test.db, 'Student', 'On Pupil')).id;
    const mixed = (await userWithSession(test.db, 'Student', 'Mixed Pupil')).id;
    const none = (await userWithSession(test.db, 'Student', 'No Care Pupil')).id;
    const document = JSON.stringify({
      photoConsent: { website: true, ownFamily: true, otherFamilies: true },
    });
    for (const [id, flags] of [
      [on, [1, 1, 1]],
      [mixed, [0, 1, 0]],
    ] as const) {
      await db
        .insertInto('care_record')
        .values({
          student_id: id,
          document,
          photo_consent: flags[0],
          consent_own_family: flags[1],
          consent_other_families: flags[2],
          has_allergy: 0,
          updated_at: `2026-11-0${flags[0] + 1}T10:00:00.000Z`,
          updated_by: null,
        })
        .execute();
    }
    for (const [email, confirmed] of [
      ['Sub@Example.com', '2026-11-20T08:00:00.000Z'],
      ['waiting@example.com', null],
    ] as const) {
      await db
        .insertInto('newsletter_subscriber')
        .values({
          name: 'A reader',
          email,
          email_key: email.toLowerCase(),
          created_at: '2026-11-19T08:00:00.000Z',
          confirmed_at: confirmed,
          token_hash: null,
          language: null,
        })
        .execute();
    }

    await migrateToLatest(test.db);
    const entries = await test.db
      .selectFrom('consent_entry')
      .select(['student_id', 'subscriber_email', 'kind', 'given', 'by_name', 'at', 'how'])
      .orderBy('id')
      .execute();
    const of = (id: number) =>
      entries
        .filter((e) => e.student_id === id)
        .map((e) => [e.kind, Number(e.given), e.at, e.how, e.by_name]);
    expect(of(on)).toEqual([
      ['website', 1, '2026-11-02T10:00:00.000Z', 'carried-over', null],
      ['ownFamily', 1, '2026-11-02T10:00:00.000Z', 'carried-over', null],
      ['otherFamilies', 1, '2026-11-02T10:00:00.000Z', 'carried-over', null],
    ]);
    expect(of(mixed).map(([kind, given]) => [kind, given])).toEqual([
      ['website', 0],
      ['ownFamily', 1],
      ['otherFamilies', 0],
    ]);
    expect(of(none)).toEqual([]);
    expect(
      entries
        .filter((e) => e.student_id === null)
        .map((e) => [e.subscriber_email, e.kind, Number(e.given), e.by_name, e.at, e.how]),
    ).toEqual([
      ['sub@example.com', 'newsletter', 1, 'Sub@Example.com', '2026-11-20T08:00:00.000Z', 'carried-over'],
    ]);
    const columns = (await db.introspection.getTables())
      .find((table) => table.name === 'care_record')
      ?.columns.map((c) => c.name);
    expect(columns).not.toContain('photo_consent');
    expect(columns).not.toContain('consent_own_family');

    // A later withdrawal is the latest entry: down keeps it.
    await test.db
      .insertInto('consent_entry')
      .values({
        student_id: on,
        subscriber_email: null,
        kind: 'website',
        given: 0,
        by_user: null,
        by_name: 'A parent',
        at: '2026-11-25T10:00:00.000Z',
        how: 'app',
      })
      .execute();
    await migrateTo(test.db, BEFORE);
    const back = await db
      .selectFrom('care_record')
      .select(['student_id', 'photo_consent', 'consent_own_family', 'consent_other_families'])
      .orderBy('student_id')
      .execute();
    expect(
      back.map((r: Record<string, unknown>) => [
        r.student_id,
        Number(r.photo_consent),
        Number(r.consent_own_family),
        Number(r.consent_other_families),
      ]),
    ).toEqual([
      [on, 0, 1, 1],
      [mixed, 0, 1, 0],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { LEFT_OUT, RECORD_TABLES, type RecordTable } from './child-records.js';

/** Columns that name a person: a table holding one is about someone, and must say so in the map. */
const PERSON_COLUMNS = /^(student_id|parent_id|user_id)$/;

/**
 * The map of a family's data (docs/decisions/0109-a-familys-data-on-request.md) against the
 * migrated database: a table added without a place in the map, or a column the map names that is
 * gone, fails here, so the family's archive cannot silently miss a table.
 */
describe.each(TEST_ENGINES)('the map of a family’s data on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const tablesOf = async () =>
    (await database.db.introspection.getTables()).filter((table) => !table.name.startsWith('kysely_'));

  it('places every table of the database: in the archive, or left out with a reason', async () => {
    const unplaced = (await tablesOf())
      .map((table) => table.name)
      .filter((name) => !(name in RECORD_TABLES) && !(name in LEFT_OUT));
    expect(unplaced, 'tables in neither RECORD_TABLES nor LEFT_OUT (child-records.ts)').toEqual([]);
    const both = Object.keys(RECORD_TABLES).filter((name) => name in LEFT_OUT);
    expect(both).toEqual([]);
    for (const reason of Object.values(LEFT_OUT)) expect(reason?.length ?? 0).toBeGreaterThan(10);
  });

  it('leaves out no table that names a pupil or an account', async () => {
    for (const table of await tablesOf()) {
      if (!(table.name in LEFT_OUT)) continue;
      const people = table.columns.map((c) => c.name).filter((name) => PERSON_COLUMNS.test(name));
      expect(people, `${table.name} names a person but is left out`).toEqual([]);
    }
  });

  it('names only columns that exist, and reads every person column of the tables it holds', async () => {
    const tables = new Map((await tablesOf()).map((table) => [table.name, table.columns.map((c) => c.name)]));
    for (const [name, rule] of Object.entries(RECORD_TABLES) as [string, RecordTable][]) {
      const columns = tables.get(name);
      expect(columns, `${name} is not a table`).toBeDefined();
      const named = [...rule.child, ...(rule.guardian ?? [])].map((p) =>
        typeof p === 'string' ? p : p.column,
      );
      for (const column of [...named, ...(rule.omit ?? [])])
        expect(columns, `${name}.${column}`).toContain(column);
      // A pupil column is always read; so is a parent's (the guardian's own rows) where there is no pupil column.
      for (const column of columns ?? []) {
        if (column === 'student_id') expect(rule.child, `${name}.student_id`).toContain(column);
        if ((column === 'parent_id' || column === 'user_id') && !columns?.includes('student_id')) {
          expect(rule.guardian ?? [], `${name}.${column}`).toContain(column);
        }
      }
    }
  });

  it('leaves out every secret: hashes of passwords, sessions, tokens and links', async () => {
    for (const table of await tablesOf()) {
      const rule = (RECORD_TABLES as Record<string, RecordTable>)[table.name];
      if (!rule) continue;
      for (const column of table.columns.map((c) => c.name)) {
        if (/(password|token|secret)_hash$/.test(column))
          expect(rule.omit ?? [], `${table.name}.${column}`).toContain(column);
      }
    }
  });
});

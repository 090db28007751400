import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';

/**
 * The connection layer keeps prepared statements (SQLite) and names them (PostgreSQL) so that a
 * repeated query is not parsed and planned again. What must not change: answers and transactions.
 * (On PostgreSQL a named `select *` fails once its table changes shape; migrations run before the
 * server listens, so a running server never sees that.)
 */
describe.each(TEST_ENGINES)('database connection on %s', (engine) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await test.dispose();
  });

  const addSubject = (name: string) =>
    test.db.insertInto('subject').values({ name, name_key: name.toLowerCase() }).execute();
  const subjectsLike = (pattern: string) =>
    test.db.selectFrom('subject').select('name').where('name', 'like', pattern).orderBy('name').execute();

  it('answers a repeated query with the current rows, whatever the values', async () => {
    await addSubject('Art');
    await addSubject('Arabic');
    for (let round = 0; round < 8; round++) {
      expect(await subjectsLike('Ar%')).toEqual([{ name: 'Arabic' }, { name: 'Art' }]);
      expect(await subjectsLike('Art%')).toEqual([{ name: 'Art' }]);
    }
    await addSubject('Archery');
    expect((await subjectsLike('Ar%')).map((row) => row.name)).toEqual(['Arabic', 'Archery', 'Art']);
  });

  it('keeps transactions working: a rolled-back insert is gone', async () => {
    await expect(
      test.db.transaction().execute(async (trx) => {
        await trx.insertInto('subject').values({ name: 'Drama', name_key: 'drama' }).execute();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await subjectsLike('Drama')).toEqual([]);
  });

  it('answers queries of more distinct texts than a connection keeps', async () => {
    await addSubject('Music');
    // An `in` list of every length from 1 to 600 is 600 different SQL texts.
    for (let length = 1; length <= 600; length += 1) {
      const names = Array.from({ length }, (_, i) => (i === length - 1 ? 'Music' : `none-${i}`));
      const rows = await test.db.selectFrom('subject').select('name').where('name', 'in', names).execute();
      expect(rows).toEqual([{ name: 'Music' }]);
    }
  });
});

describe('SQLite kept statements', () => {
  it('see a column added after the query was first run', async () => {
    const test = await createTestDatabase('sqlite');
    try {
      await sql`create table kept_statement (id integer primary key)`.execute(test.db);
      await sql`insert into kept_statement (id) values (1)`.execute(test.db);
      const everything = () => sql<Record<string, unknown>>`select * from kept_statement`.execute(test.db);
      expect((await everything()).rows).toEqual([{ id: 1 }]);
      await sql`alter table kept_statement add column note varchar(20)`.execute(test.db);
      await sql`update kept_statement set note = 'new'`.execute(test.db);
      expect((await everything()).rows).toEqual([{ id: 1, note: 'new' }]);
    } finally {
      await test.dispose();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import {
  bumpDataVersion,
  KeyedVersionedCache,
  openSqliteVersionRead,
  readDataVersion,
  VersionedCache,
  VersionReader,
} from './data-version.js';

describe.each(TEST_ENGINES)('data versions (%s)', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('counts from 0, one step per bump, also bumps inside a transaction once committed', async () => {
    expect(await readDataVersion(t.db, 'ledger')).toBe(0);
    await bumpDataVersion(t.db, 'ledger');
    await bumpDataVersion(t.db, 'ledger');
    expect(await readDataVersion(t.db, 'ledger')).toBe(2);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await bumpDataVersion(trx, 'ledger');
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await readDataVersion(t.db, 'ledger')).toBe(2);
  });

  it('keeps an answer until the version moves, and shares one computation between callers', async () => {
    let computed = 0;
    const cache = new VersionedCache(new VersionReader(t.db, 'ledger'), async () => {
      computed += 1;
      return computed;
    });
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    expect(await cache.get()).toBe(1);
    await bumpDataVersion(t.db, 'ledger');
    expect(await cache.get()).toBe(2);
    expect(computed).toBe(2);
  });

  it('answers each caller with a read that started after it asked, one read per turn', async () => {
    const reader = new VersionReader(t.db, 'content');
    const first = reader.read();
    const same = reader.read();
    expect(same).toBe(first);
    expect(await first).toBe(0);
    await bumpDataVersion(t.db, 'content');
    // Asked after the bump committed: sees it.
    expect(await reader.read()).toBe(1);
  });

  it('gives a caller who asks while a read is under way the next read, started after it asked', async () => {
    const reader = new VersionReader(t.db, 'content');
    const before = await readDataVersion(t.db, 'content');
    const first = reader.read();
    // The first read has started by the next turn; a bump committed now may or may not be in it...
    await new Promise((resolve) => setImmediate(resolve));
    await bumpDataVersion(t.db, 'content');
    const second = reader.read();
    expect(second).not.toBe(first);
    // ...but is in the read of a caller who asked after it committed.
    expect(await second).toBe(before + 1);
    expect(await first).toBeGreaterThanOrEqual(before);
  });

  it('does not keep a failed computation', async () => {
    let calls = 0;
    const cache = new VersionedCache(new VersionReader(t.db, 'ledger'), async () => {
      calls += 1;
      if (calls === 1) throw new Error('database busy');
      return 'sums';
    });
    await expect(cache.get()).rejects.toThrow('database busy');
    expect(await cache.get()).toBe('sums');
  });

  it('keeps answers per key until the version moves, and at most maxKeys of them', async () => {
    const computed: string[] = [];
    const cache = new KeyedVersionedCache(
      new VersionReader(t.db, 'ledger'),
      async (key: string) => {
        computed.push(key);
        return `${key}@${computed.length}`;
      },
      2,
    );
    expect(await Promise.all([cache.get('a'), cache.get('a'), cache.get('b')])).toEqual([
      'a@1',
      'a@1',
      'b@2',
    ]);
    expect(await cache.get('a')).toBe('a@1');
    // A third key pushes out the oldest (a), which is computed again.
    expect(await cache.get('c')).toBe('c@3');
    expect(await cache.get('a')).toBe('a@4');
    expect(await cache.get('c')).toBe('c@3');
    await bumpDataVersion(t.db, 'ledger');
    expect(await cache.get('c')).toBe('c@5');
    expect(computed).toEqual(['a', 'b', 'c', 'a', 'c']);
  });

  it('does not keep a failed computation for a key', async () => {
    let calls = 0;
    const cache = new KeyedVersionedCache(new VersionReader(t.db, 'ledger'), async (key: number) => {
      calls += 1;
      if (calls === 1) throw new Error('database busy');
      return key * 10;
    });
    await expect(cache.get(4)).rejects.toThrow('database busy');
    expect(await cache.get(4)).toBe(40);
    expect(calls).toBe(2);
  });
});

describe('the SQLite version read', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('reads at once, committed bumps only (never one a transaction may still roll back)', async () => {
    if (t.config.engine !== 'sqlite') throw new Error('a SQLite test database');
    const direct = openSqliteVersionRead(t.config.file, 'content');
    try {
      const before = direct.read();
      expect(before).toBe(await readDataVersion(t.db, 'content'));
      let duringTransaction: number | undefined;
      await t.db
        .transaction()
        .execute(async (trx) => {
          await bumpDataVersion(trx, 'content');
          duringTransaction = direct.read();
          throw new Error('rolled back');
        })
        .catch(() => {});
      expect(duringTransaction).toBe(before);
      expect(direct.read()).toBe(before);
      await bumpDataVersion(t.db, 'content');
      expect(direct.read()).toBe(before + 1);
      // The reader gives it to every caller at once.
      const reader = new VersionReader(t.db, 'content', direct.read);
      expect(reader.current()).toBe(before + 1);
      expect(await reader.read()).toBe(before + 1);
    } finally {
      direct.close();
    }
  });
});

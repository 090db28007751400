import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { bumpDataVersion, readDataVersion, VersionedCache } from './data-version.js';

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
    const cache = new VersionedCache('ledger', async () => {
      computed += 1;
      return computed;
    });
    expect(await Promise.all([cache.get(t.db), cache.get(t.db), cache.get(t.db)])).toEqual([1, 1, 1]);
    expect(await cache.get(t.db)).toBe(1);
    await bumpDataVersion(t.db, 'ledger');
    expect(await cache.get(t.db)).toBe(2);
    expect(computed).toBe(2);
  });

  it('does not keep a failed computation', async () => {
    let calls = 0;
    const cache = new VersionedCache('ledger', async () => {
      calls += 1;
      if (calls === 1) throw new Error('database busy');
      return 'sums';
    });
    await expect(cache.get(t.db)).rejects.toThrow('database busy');
    expect(await cache.get(t.db)).toBe('sums');
  });
});

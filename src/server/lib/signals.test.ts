import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { bumpDataVersion, VersionReader } from './data-version.js';
import { LocalSignals, notifySignal, PgSignals, SIGNALS_CHANNEL, type Signal } from './signals.js';

const silent = { warn: () => {} };

/** The next signal a set of signals delivers that `match` accepts. */
function nextSignal(
  signals: { subscribe(listener: (signal: Signal) => void): () => void },
  match: (signal: Signal) => boolean = () => true,
): Promise<Signal> {
  return new Promise((resolve) => {
    const stop = signals.subscribe((signal) => {
      if (!match(signal)) return;
      stop();
      resolve(signal);
    });
  });
}

describe('signals within one process', () => {
  it('reach every listener, even when one throws, and no longer once it stopped', async () => {
    const signals = new LocalSignals();
    const heard: Signal[] = [];
    signals.subscribe(() => {
      throw new Error('a listener fails');
    });
    const stop = signals.subscribe((signal) => heard.push(signal));
    await signals.publish({ channel: 'live', event: { kind: 'log', childId: 4 } });
    stop();
    await signals.publish({ channel: 'content' });
    expect(heard).toEqual([{ channel: 'live', event: { kind: 'log', childId: 4 } }]);
  });
});

const POSTGRES = TEST_ENGINES.filter((engine) => engine === 'postgres');

describe.each(POSTGRES)('signals between processes on %s', () => {
  let t: TestDatabase;
  let a: PgSignals;
  let b: PgSignals;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    if (t.config.engine !== 'postgres') throw new Error('expected PostgreSQL');
    a = new PgSignals(t.db, t.config.url, silent, { retryMs: 10 });
    b = new PgSignals(t.db, t.config.url, silent, { retryMs: 10 });
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.dispose();
  });

  it('a signal published through one is heard by both, once each', async () => {
    const onA = nextSignal(a, (signal) => signal.channel === 'live');
    const onB = nextSignal(b, (signal) => signal.channel === 'live');
    await a.publish({ channel: 'live', event: { kind: 'message', childId: 7 } });
    expect(await onB).toEqual({ channel: 'live', event: { kind: 'message', childId: 7 } });
    expect(await onA).toEqual({ channel: 'live', event: { kind: 'message', childId: 7 } });
  });

  it('drops a notification that is no signal, and hears the next one', async () => {
    const heard: Signal[] = [];
    const stop = b.subscribe((signal) => heard.push(signal));
    const next = nextSignal(b, (signal) => signal.channel === 'content');
    await notifySignal({ channel: 'live', event: { kind: 'log', childId: 1 } }).execute(t.db);
    await sql`select pg_notify(${SIGNALS_CHANNEL}, ${'{"channel":"live","event":{"kind":"party"}}'})`.execute(
      t.db,
    );
    await sql`select pg_notify(${SIGNALS_CHANNEL}, ${'not json'})`.execute(t.db);
    await a.publish({ channel: 'content', version: 3 });
    expect(await next).toEqual({ channel: 'content', version: 3 });
    stop();
    expect(heard).toEqual([
      { channel: 'live', event: { kind: 'log', childId: 1 } },
      { channel: 'content', version: 3 },
    ]);
  });

  it('a content bump notifies when its transaction commits, not when it rolls back', async () => {
    const heard: Signal[] = [];
    const stop = b.subscribe((signal) => {
      if (signal.channel === 'content') heard.push(signal);
    });
    await t.db
      .transaction()
      .execute(async (trx) => {
        await bumpDataVersion(trx, 'content');
        throw new Error('rolled back');
      })
      .catch(() => {});
    const committed = nextSignal(b, (signal) => signal.channel === 'content');
    await bumpDataVersion(t.db, 'content');
    expect(await committed).toEqual({ channel: 'content', version: 1 });
    stop();
    expect(heard).toEqual([{ channel: 'content', version: 1 }]);
  });

  it('connects again after the connection dropped, says resync, and hears again', async () => {
    const resync = nextSignal(b, (signal) => signal.channel === 'resync');
    await b.dropConnectionForTest();
    expect(b.listening).toBe(false);
    await resync;
    expect(b.listening).toBe(true);
    const heard = nextSignal(b, (signal) => signal.channel === 'live');
    await a.publish({ channel: 'live', event: { kind: 'photo', childId: 2 } });
    expect(await heard).toEqual({ channel: 'live', event: { kind: 'photo', childId: 2 } });
  });

  it('a reader that follows the signals answers from memory, and sees a bump of another process', async () => {
    const reader = new VersionReader(t.db, 'content');
    const stop = reader.followSignals(a, () => a.listening);
    const start = await reader.read();
    // From memory now: no query runs (current() answers at once, not with a promise).
    expect(reader.current()).toBe(start);
    const heard = nextSignal(a, (signal) => signal.channel === 'content');
    // Another process's bump: through the database alone, as another server's would arrive.
    await t.db
      .updateTable('data_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('name', '=', 'content')
      .execute();
    await notifySignal({ channel: 'content', version: start + 1 }).execute(t.db);
    await heard;
    expect(reader.current()).toBe(start + 1);
    // A bump of this process: read from the database at once, before its notification arrives.
    await bumpDataVersion(t.db, 'content');
    expect(await reader.read()).toBe(start + 2);
    stop();
  });
});

import SQLite from 'better-sqlite3';
import type { Db } from '../db/connect.js';
import { isPostgres } from '../db/engine.js';
import { notifySignal, type Signals } from './signals.js';

/**
 * Named version counters in the database (table data_version), for answers that are costly to
 * compute and read far more often than they change. A write that changes what such an answer is
 * made of calls `bumpDataVersion` in its own transaction; a reader keeps its answer with the
 * version it was computed at (`VersionedCache`) and computes afresh when the version moved. The
 * counter lives in the database, so a write through any server process on it is seen by all.
 *
 * Why this is safe on PostgreSQL under concurrent writers: the bump is an update of one row, so a
 * second writer waits for the first to commit and the versions follow the commit order. A reader
 * reads the version first and computes afterwards, in later statements that see at least every
 * write committed up to that version; the answer kept under version V therefore holds every write
 * numbered V or lower. (An answer may already hold a later write: the next reader sees the newer
 * version and computes again.)
 */
export type DataVersionName = 'ledger' | 'content';

export async function bumpDataVersion(db: Db, name: DataVersionName): Promise<void> {
  const bump = db
    .insertInto('data_version')
    .values({ name, version: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({ version: eb('data_version.version', '+', 1) })),
    );
  if (name !== 'content' || !isPostgres(db)) {
    await bump.execute();
    return;
  }
  // On PostgreSQL every process keeps the content version in memory (VersionReader.followSignals):
  // the NOTIFY goes in the same transaction, so PostgreSQL delivers it when (and only if) the
  // change commits, and no caller has to remember to publish.
  const row = await bump.returning('version').executeTakeFirstOrThrow();
  const version = Number(row.version);
  await notifySignal({ channel: 'content', version }).execute(db);
  // This process's readers ask the database again until the notification of this version arrives:
  // the request that made the change may be answered, and the next request come, before it does.
  for (const listener of localBumps) listener(name, version);
}

/** The readers of this process that keep a version in memory, told of the bumps made here. */
const localBumps = new Set<(name: DataVersionName, version: number) => void>();

export async function readDataVersion(db: Db, name: DataVersionName): Promise<number> {
  const row = await db
    .selectFrom('data_version')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Reads one version for many callers: a caller gets the answer of a read that started after it
 * asked (so it sees every write committed before it asked), and every caller of the same turn of
 * the event loop shares that one read. At most one read is under way at a time: callers that ask
 * meanwhile share the read that starts when it is done, so under load one query answers many
 * requests and the database is not asked more often than it can answer.
 *
 * On SQLite the counter can instead be read at once (`readNow`, see `openSqliteVersionRead`): a
 * few microseconds, so every caller gets a read of its own and nobody waits.
 */
export class VersionReader {
  private waiting: Promise<number> | undefined;
  private running: Promise<number> | undefined;
  private readonly query;
  /** The version as the signals told it (followSignals), while they are heard. */
  private known: number | undefined;
  private heard: (() => boolean) | undefined;
  /**
   * A version this process has bumped to and whose commit it has not heard of: until `known`
   * reaches it (its NOTIFY, or a read that sees it committed) reads ask the database.
   */
  private awaited = 0;

  constructor(
    private readonly db: Db,
    private readonly name: DataVersionName,
    private readonly readNow?: () => number,
  ) {
    // Built once: the read runs for many requests, the query builder need not.
    this.query = db.selectFrom('data_version').select('version').where('name', '=', name).compile();
  }

  /**
   * Keeps the version in memory from the 'content' signals (PostgreSQL: every process hears every
   * commit's NOTIFY), read once now and again after each resync, so that public answers need no
   * query at all. While `heard()` is false (the listening connection is down) every read asks the
   * database, as without signals. Returns the way to stop.
   */
  followSignals(signals: Signals, heard: () => boolean): () => void {
    this.heard = heard;
    const bumped = (name: DataVersionName, version: number) => {
      if (name === this.name && version > this.awaited) this.awaited = version;
    };
    localBumps.add(bumped);
    const refresh = () => {
      this.known = undefined;
      this.read().then(
        (version) => this.learn(version),
        () => undefined,
      );
    };
    const stop = signals.subscribe((signal) => {
      if (signal.channel === 'resync') {
        this.awaited = 0;
        refresh();
      } else if (signal.channel === 'content') {
        if (signal.version === undefined) refresh();
        else this.learn(signal.version);
      }
    });
    refresh();
    return () => {
      stop();
      localBumps.delete(bumped);
      this.heard = undefined;
      this.known = undefined;
    };
  }

  private learn(version: number): void {
    if (this.known === undefined || version > this.known) this.known = version;
  }

  /** The version kept in memory when it can be trusted (followSignals), else undefined. */
  private trusted(): number | undefined {
    const known = this.known;
    if (known === undefined || !this.heard?.()) return undefined;
    return known >= this.awaited ? known : undefined;
  }

  read(): Promise<number> {
    if (this.readNow) return Promise.resolve(this.readNow());
    const trusted = this.trusted();
    if (trusted !== undefined) return Promise.resolve(trusted);
    if (this.waiting) return this.waiting;
    const waiting = this.readAfterTurn();
    this.waiting = waiting;
    return waiting;
  }

  /** The version at once where it can be read at once (SQLite), else the promise of `read`. */
  current(): number | Promise<number> {
    if (this.readNow) return this.readNow();
    return this.trusted() ?? this.read();
  }

  private async readAfterTurn(): Promise<number> {
    if (this.running) await this.running.catch(() => undefined);
    else await new Promise<void>((resolve) => setImmediate(resolve));
    // From here on the read has started: later callers need a read of their own.
    this.waiting = undefined;
    const running = this.db.executeQuery(this.query).then(({ rows }) => {
      const version = Number(rows[0]?.version ?? 0);
      // A read sees committed versions only: one at or past the awaited bump has committed.
      if (this.heard) this.learn(version);
      return version;
    });
    this.running = running;
    try {
      return await running;
    } finally {
      if (this.running === running) this.running = undefined;
    }
  }
}

/**
 * A synchronous read of a counter through a read-only SQLite connection of its own. Its own: the
 * server's connection may be inside another request's transaction, whose uncommitted bump must not
 * be seen (it could still roll back). With WAL, this connection sees every committed write, from
 * any process.
 */
export function openSqliteVersionRead(
  file: string,
  name: DataVersionName,
): { read: () => number; close: () => void } {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  const statement = connection.prepare('select version from data_version where name = ?').pluck();
  return {
    read: () => Number(statement.get(name) ?? 0),
    close: () => connection.close(),
  };
}

/**
 * One answer kept in this process's memory with the data version it was computed at. Requests that
 * arrive while it is being computed for the same version share that computation.
 */
export class VersionedCache<T> {
  private kept: { version: number; value: Promise<T> } | undefined;

  constructor(
    private readonly versions: VersionReader,
    private readonly compute: () => Promise<T>,
  ) {}

  async get(): Promise<T> {
    const version = await this.versions.read();
    const kept = this.kept;
    if (kept && kept.version === version) return kept.value;
    const value = this.compute();
    const entry = { version, value };
    this.kept = entry;
    try {
      return await value;
    } catch (error) {
      // A failed computation is not kept: the next request tries again.
      if (this.kept === entry) this.kept = undefined;
      throw error;
    }
  }
}

/**
 * Answers kept per key (a pupil, say) with the data version they were computed at, like
 * VersionedCache: a new version drops them all. At most `maxKeys` are kept (the oldest go first),
 * so keys named by requests cannot grow it without end.
 */
export class KeyedVersionedCache<K, T> {
  private version = Number.NEGATIVE_INFINITY;
  private readonly kept = new Map<K, Promise<T>>();

  constructor(
    private readonly versions: VersionReader,
    private readonly compute: (key: K) => Promise<T>,
    private readonly maxKeys = 500,
  ) {}

  async get(key: K): Promise<T> {
    const version = await this.versions.read();
    // A request that read an older version than one already seen computes for itself.
    if (version < this.version) return this.compute(key);
    if (version > this.version) {
      this.kept.clear();
      this.version = version;
    }
    const kept = this.kept.get(key);
    if (kept) return kept;
    const value = this.compute(key);
    this.kept.set(key, value);
    if (this.kept.size > this.maxKeys) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    try {
      return await value;
    } catch (error) {
      // A failed computation is not kept: the next request tries again.
      if (this.kept.get(key) === value) this.kept.delete(key);
      throw error;
    }
  }
}

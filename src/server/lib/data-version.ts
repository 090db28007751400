import SQLite from 'better-sqlite3';
import type { Db } from '../db/connect.js';

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
  await db
    .insertInto('data_version')
    .values({ name, version: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({ version: eb('data_version.version', '+', 1) })),
    )
    .execute();
}

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

  constructor(
    private readonly db: Db,
    name: DataVersionName,
    private readonly readNow?: () => number,
  ) {
    // Built once: the read runs for many requests, the query builder need not.
    this.query = db.selectFrom('data_version').select('version').where('name', '=', name).compile();
  }

  read(): Promise<number> {
    if (this.readNow) return Promise.resolve(this.readNow());
    if (this.waiting) return this.waiting;
    const waiting = this.readAfterTurn();
    this.waiting = waiting;
    return waiting;
  }

  /** The version at once where it can be read at once (SQLite), else the promise of `read`. */
  current(): number | Promise<number> {
    return this.readNow ? this.readNow() : this.read();
  }

  private async readAfterTurn(): Promise<number> {
    if (this.running) await this.running.catch(() => undefined);
    else await new Promise<void>((resolve) => setImmediate(resolve));
    // From here on the read has started: later callers need a read of their own.
    this.waiting = undefined;
    const running = this.db.executeQuery(this.query).then(({ rows }) => Number(rows[0]?.version ?? 0));
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

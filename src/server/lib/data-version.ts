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
 * the event loop shares that one read. Under load, one query answers many requests.
 */
export class VersionReader {
  private scheduled: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly name: DataVersionName,
  ) {}

  read(): Promise<number> {
    if (!this.scheduled) {
      this.scheduled = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        // From here on the read has started: later callers need a read of their own.
        this.scheduled = undefined;
        return readDataVersion(this.db, this.name);
      });
    }
    return this.scheduled;
  }
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

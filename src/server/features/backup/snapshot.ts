import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../../config.js';
import type { Engine } from './archive-format.js';

/**
 * One consistent view of the whole database for a backup, on a connection of its own so that the
 * server's queries go on meanwhile (docs/decisions/0033-backup-and-restore.md): SQLite reads inside
 * one read transaction (WAL keeps that snapshot while others write), PostgreSQL inside one
 * REPEATABLE READ READ ONLY transaction.
 */
export interface Snapshot {
  engine: Engine;
  /** The newest applied migration, read in the same transaction as the rows. */
  schemaVersion: string;
  /** The school's name, for the archive's name and header ('' when not set). */
  school: string;
  /** The school's tables, parents before the tables whose foreign keys point at them. */
  tables: { name: string; columns: string[] }[];
  /** The table's rows, values in `columns` order, a batch at a time. */
  rows(table: string): AsyncIterable<unknown[]>;
  close(): Promise<void>;
}

/**
 * Tables that are no part of the school: the migrator's own bookkeeping (the schema version is
 * recorded instead) and the scheduled backups' slots (of this database, not of the school).
 */
export function isSchoolTable(name: string): boolean {
  return !name.startsWith('kysely_') && !name.startsWith('sqlite_') && name !== 'backup_run';
}

/**
 * Not in an archive: `stored_file` (below); `answer_version`, counters the database's own triggers raise as rows are
 * written (docs/decisions/0084-kept-answers-of-the-day.md), so a restore's inserts make them again;
 * rows brought along would collide with those.
 */
const NOT_ARCHIVED = new Set(['stored_file', 'answer_version']);

/**
 * The school tables whose rows travel in an archive's table section. Stored files do not, even
 * when FILE_STORE=database keeps them in `stored_file`: they travel in the file section (with
 * their checksums), whatever store made them, and a restore puts them into the target's store.
 */
export function isArchivedTable(name: string): boolean {
  return isSchoolTable(name) && !NOT_ARCHIVED.has(name);
}

/**
 * Columns whose values never travel in an archive: they are written as null. `mail_outbox.link_keys`
 * holds the clear keys of the links in mails not yet sent (a password reset's, a newsletter's), and
 * a backup must hold nothing that opens an account (docs/decisions/0037-no-live-secret-at-rest.md).
 * A mail restored without its keys is failed by the sender, not sent with a link that opens nothing.
 */
export const LEFT_OUT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  mail_outbox: ['link_keys'],
};

/** The row with the left-out columns' values made null (the row itself when the table has none). */
function withoutLeftOut(table: string, columns: readonly string[]): (row: unknown[]) => unknown[] {
  const leftOut = (LEFT_OUT_COLUMNS[table] ?? []).map((c) => columns.indexOf(c)).filter((i) => i >= 0);
  if (leftOut.length === 0) return (row) => row;
  return (row) => row.map((value, i) => (leftOut.includes(i) ? null : value));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Orders tables so every table comes after the tables it references (self-references ignored). */
export function parentsFirst(
  tables: readonly string[],
  references: readonly { child: string; parent: string }[],
): string[] {
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    // A cycle cannot be ordered; SQLite defers its checks and our schema has none on PostgreSQL.
    if (visiting.has(table)) return;
    visiting.add(table);
    for (const parent of [...(parents.get(table) ?? [])].sort()) visit(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

const ROWS_PER_BATCH = 500;

export async function openSnapshot(config: DatabaseConfig): Promise<Snapshot> {
  return config.engine === 'sqlite' ? openSqliteSnapshot(config.file) : openPostgresSnapshot(config.url);
}

function openSqliteSnapshot(file: string): Snapshot {
  if (file === ':memory:' || !fs.existsSync(file)) {
    throw new Error(`There is no SQLite database at ${file} to back up.`);
  }
  const database = new SQLite(file, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    // The transaction's first read fixes the snapshot: everything below sees the same moment.
    database.exec('begin');
    const names = (
      database.prepare(`select name from sqlite_master where type = 'table' order by name`).all() as {
        name: string;
      }[]
    )
      .map((r) => r.name)
      .filter(isArchivedTable);
    const schemaVersion = latestMigration(
      database.prepare('select name from kysely_migration order by name').all() as { name: string }[],
    );
    const references = names.flatMap((child) =>
      (
        database.prepare(`select "table" as parent from pragma_foreign_key_list(?)`).all(child) as {
          parent: string;
        }[]
      ).map(({ parent }) => ({ child, parent })),
    );
    const tables = parentsFirst(names, references).map((name) => ({
      name,
      columns: (
        database.prepare('select name from pragma_table_info(?) order by cid').all(name) as { name: string }[]
      ).map((c) => c.name),
    }));
    const school = names.includes('school_settings')
      ? ((
          database.prepare('select name from school_settings order by id limit 1').get() as
            | { name?: string }
            | undefined
        )?.name ?? '')
      : '';
    return {
      engine: 'sqlite',
      schemaVersion,
      school,
      tables,
      async *rows(table) {
        const statement = database
          .prepare(`select * from ${quote(table)}`)
          .raw(true)
          .safeIntegers(true);
        const clean = withoutLeftOut(table, tables.find((t) => t.name === table)?.columns ?? []);
        let count = 0;
        for (const row of statement.iterate()) {
          yield clean(row as unknown[]);
          // Lets the output drain and the server's own work run between batches.
          if (++count % ROWS_PER_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      },
      async close() {
        if (database.inTransaction) database.exec('rollback');
        database.close();
      },
    };
  } catch (error) {
    database.close();
    throw error;
  }
}

function latestMigration(rows: { name: string }[]): string {
  const last = rows
    .map((r) => r.name)
    .sort()
    .at(-1);
  if (!last) throw new Error('The database has no schema yet (no migration applied): nothing to back up.');
  return last;
}

/** PostgreSQL types kept as the server's text: exact numbers, dates and times as stored, JSON as written. */
const AS_TEXT = new Set([
  pg.types.builtins.INT8,
  pg.types.builtins.NUMERIC,
  pg.types.builtins.DATE,
  pg.types.builtins.TIME,
  pg.types.builtins.TIMETZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.INTERVAL,
  pg.types.builtins.JSON,
  pg.types.builtins.JSONB,
]);

const INT8 = pg.types.builtins.INT8;

async function openPostgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        AS_TEXT.has(oid)
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const names = (
      await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows
      .map((r) => r.name)
      .filter(isArchivedTable);
    const schemaVersion = latestMigration(
      (await client.query<{ name: string }>('select name from kysely_migration')).rows,
    );
    const references = (
      await client.query<{ child: string; parent: string }>(
        `select c.relname as child, p.relname as parent from pg_constraint k
           join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
           join pg_namespace n on n.oid = c.relnamespace
          where k.contype = 'f' and n.nspname = current_schema()`,
      )
    ).rows;
    const columnRows = (
      await client.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
          where table_schema = current_schema() order by table_name, ordinal_position`,
      )
    ).rows;
    const tables = parentsFirst(names, references).map((name) => ({
      name,
      columns: columnRows.filter((c) => c.table_name === name).map((c) => c.column_name),
    }));
    const school = names.includes('school_settings')
      ? ((await client.query<{ name: string }>('select name from school_settings order by id limit 1'))
          .rows[0]?.name ?? '')
      : '';
    return {
      engine: 'postgres',
      schemaVersion,
      school,
      tables,
      async *rows(table) {
        const columns = tables.find((t) => t.name === table)?.columns ?? [];
        const clean = withoutLeftOut(table, columns);
        // A cursor inside the transaction: the same snapshot, a batch at a time.
        await client.query(
          `declare backup_rows no scroll cursor for select ${columns.map(quote).join(', ')} from ${quote(table)}`,
        );
        try {
          for (;;) {
            const batch = await client.query({
              text: `fetch ${ROWS_PER_BATCH} from backup_rows`,
              rowMode: 'array',
            });
            if (batch.rows.length === 0) break;
            const int8 = batch.fields.map((f) => f.dataTypeID === INT8);
            for (const row of batch.rows as unknown[][]) {
              yield clean(
                row.map((value, i) => (int8[i] && typeof value === 'string' ? BigInt(value) : value)),
              );
            }
          }
        } finally {
          await client.query('close backup_rows');
        }
      },
      async close() {
        await client.query('rollback').catch(() => {});
        await client.end().catch(() => {});
      },
    };
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
}

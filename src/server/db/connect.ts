import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { ConfigError, type DatabaseConfig, describeDatabase } from '../config.js';
import type { Database } from './database.js';

// COUNT(*) and other int8 values arrive as strings by default; the counts we read fit in a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type Db = Kysely<Database>;

/**
 * Opens the configured database and proves it answers, so that a wrong URL or a stopped server
 * ends start-up with one clear sentence instead of failing on the first request.
 */
export async function connectDatabase(config: DatabaseConfig): Promise<Db> {
  const db = config.engine === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Cannot reach the database (${describeDatabase(config)}): ${reason}`);
  }
  return db;
}

function openSqlite(file: string): Db {
  let database: SQLite.Database;
  try {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    database = new SQLite(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Cannot open the SQLite database at ${file}: ${reason}`);
  }
  // WAL lets readers go on while one request writes; the busy timeout makes a second writer wait
  // instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
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
  // Lets the query planner use the statistics ANALYZE keeps, refreshed where they are stale
  // (SQLite's advice for long-lived connections: cheap, and a no-op on a fresh database).
  database.pragma('optimize = 0x10002');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

/** How many distinct SQL texts keep a prepared statement; ours are a few hundred at most. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew, which costs more than running most of ours.
 * The SQL texts repeat (values are parameters), so each is prepared once and kept, least recently
 * used first out. Safe because the one connection runs one statement at a time, and SQLite
 * re-prepares a kept statement by itself when a migration changes the schema.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(text, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
}

/** How many named (prepared) statements one PostgreSQL connection keeps; others go unnamed. */
const NAMED_STATEMENTS_PER_CONNECTION = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every call, which for our
 * joins costs more than running them. Named statements are parsed once per connection and, after a
 * few runs, use a cached plan. The name is a hash of the SQL text (values are parameters), and a
 * connection names at most NAMED_STATEMENTS_PER_CONNECTION texts so that queries whose text varies
 * (an `in` list of any length) cannot grow the server's memory without bound.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const named = new Set<string>();
    return {
      query: ((text: unknown, values?: unknown[]) => {
        if (typeof text !== 'string' || !PREPARABLE.test(text)) {
          return client.query(text as never, values as never);
        }
        const name = `k${crypto.createHash('sha1').update(text).digest('base64url')}`;
        if (!named.has(name)) {
          if (named.size >= NAMED_STATEMENTS_PER_CONNECTION) return client.query(text, values);
          named.add(name);
        }
        return client.query({ name, text, values });
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

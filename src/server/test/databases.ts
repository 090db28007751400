import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { connectDatabase, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * The engines every database test runs on: SQLite always, PostgreSQL too when TEST_DATABASE_URL
 * names a server (CI sets it). Use with `describe.each(TEST_ENGINES)`.
 */
export const TEST_ENGINES: readonly ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export type TestEngine = (typeof TEST_ENGINES)[number];

export interface TestDatabase {
  engine: TestEngine;
  config: DatabaseConfig;
  /** A fresh folder for uploads and other files of this test. */
  dataDir: string;
  db: Db;
  /** Closes the connection, drops the database and removes the folder. */
  dispose(): Promise<void>;
}

/**
 * A new, empty, migrated database of its own, so test files never see each other's rows.
 * `migrated: false` leaves it without tables, as a new install finds it (start-up tests).
 */
export async function createTestDatabase(
  engine: TestEngine,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-test-'));
  /** Connects to and migrates `config`; disposing closes it, runs `dropDatabase` and deletes `dataDir`. */
  const open = async (
    config: DatabaseConfig,
    dropDatabase?: () => Promise<unknown>,
  ): Promise<TestDatabase> => {
    const db = await connectDatabase(config);
    if (migrated) await migrateToLatest(db);
    return {
      engine,
      config,
      dataDir,
      db,
      dispose: async () => {
        await db.destroy().catch(() => {});
        await dropDatabase?.();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  };
  if (engine === 'sqlite') return open({ engine: 'sqlite', file: path.join(dataDir, 'test.sqlite') });

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `schoolyard_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return open({ engine: 'postgres', url: url.toString() }, () =>
    withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  );
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { DatabaseConfig } from '../config.js';
import { connectDatabase, type Db } from '../db/connect.js';
import { type DatabaseTemplates, databaseUrl, prepareDatabase, withAdmin } from './database-templates.js';

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
 * The templates Vitest's global set-up made for this run; none outside a Vitest run (a script such
 * as `npm run docs:api` builds the app on a test database too).
 */
function templatesOfThisRun(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

/**
 * A new, migrated database of its own, so test files never see each other's rows: a copy of the
 * run's template (database-templates.ts), or made from nothing outside a Vitest run. `demo: true`
 * has the demo school planted (its pictures in `dataDir/uploads`). `migrated: false` leaves it
 * without tables, as a new install finds it (start-up tests).
 */
export async function createTestDatabase(
  engine: TestEngine,
  { migrated = true, demo = false }: { migrated?: boolean; demo?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-test-'));
  const templates = templatesOfThisRun();
  const open = async (
    config: DatabaseConfig,
    copied: boolean,
    dropDatabase?: () => Promise<unknown>,
  ): Promise<TestDatabase> => {
    if (!copied && (migrated || demo)) await prepareDatabase(config, demo ? dataDir : undefined);
    const db = await connectDatabase(config);
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
  const copyDemoFiles = (from: string) =>
    fs.cp(path.join(from, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });

  if (engine === 'sqlite') {
    const file = path.join(dataDir, 'test.sqlite');
    if (templates && demo) {
      await fs.copyFile(templates.sqlite.demo.file, file);
      await copyDemoFiles(templates.sqlite.demo.dataDir);
    } else if (templates && migrated) {
      await fs.copyFile(templates.sqlite.migrated, file);
    }
    return open({ engine: 'sqlite', file }, templates !== undefined);
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const postgres = templates?.postgres;
  const name = `schoolyard_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = !postgres
    ? undefined
    : demo
      ? postgres.demo.database
      : migrated
        ? postgres.migrated
        : undefined;
  await withAdmin(adminUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  if (postgres && demo) await copyDemoFiles(postgres.demo.dataDir);
  return open({ engine: 'postgres', url: databaseUrl(adminUrl, name) }, postgres !== undefined, () =>
    withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  );
}

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { DatabaseConfig } from '../config.js';
import { connectDatabase, type Db } from '../db/connect.js';
import { databaseUrl, withAdmin } from './database-templates.js';

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
 * A new, migrated database of its own, so test files never see each other's rows: a copy of the
 * run's template (database-templates.ts). `demo: true` copies the template with the demo school
 * planted (its pictures in `dataDir/uploads`). `migrated: false` leaves it without tables, as a new
 * install finds it (start-up tests).
 */
export async function createTestDatabase(
  engine: TestEngine,
  { migrated = true, demo = false }: { migrated?: boolean; demo?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-test-'));
  const templates = inject('databaseTemplates');
  const open = async (
    config: DatabaseConfig,
    dropDatabase?: () => Promise<unknown>,
  ): Promise<TestDatabase> => {
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
    if (demo) {
      await fs.copyFile(templates.sqlite.demo.file, file);
      await copyDemoFiles(templates.sqlite.demo.dataDir);
    } else if (migrated) {
      await fs.copyFile(templates.sqlite.migrated, file);
    }
    return open({ engine: 'sqlite', file });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || !templates.postgres) throw new Error('TEST_DATABASE_URL is not set');
  const name = `schoolyard_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = demo
    ? templates.postgres.demo.database
    : migrated
      ? templates.postgres.migrated
      : undefined;
  await withAdmin(adminUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  if (demo) await copyDemoFiles(templates.postgres.demo.dataDir);
  return open({ engine: 'postgres', url: databaseUrl(adminUrl, name) }, () =>
    withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  );
}

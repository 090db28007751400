import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoSchool } from '../demo/index.js';
import { hashCheaplyInThisTestRun } from '../features/auth/password.js';
import { DiskFileStore } from '../lib/file-store/disk-file-store.js';

/**
 * Databases made once per test run and copied by every test that asks for one
 * (`createTestDatabase`): migrating a database from nothing takes a few hundred milliseconds on
 * SQLite and seconds on PostgreSQL, and planting the demo school (pictures, password hashes)
 * several seconds more, which two hundred test databases paid each time. A copy has the same
 * rows and files as a fresh one; each test still has a database of its own.
 */
export interface DatabaseTemplates {
  sqlite: { migrated: string; demo: { file: string; dataDir: string } };
  /** Database names on TEST_DATABASE_URL's server, when it is set. */
  postgres?: { migrated: string; demo: { database: string; dataDir: string } };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** The demo school of the API tests: its dates as on 2026-11-20 (midday UTC: the same day in the school's New York). */
export const DEMO_TODAY = new Date('2026-11-20T12:00:00Z');

/** One statement's connection to the PostgreSQL server as its administrator. */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL's server, with another database. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates a database from nothing and, given a data folder, plants the demo school there. */
export async function prepareDatabase(
  database: Parameters<typeof connectDatabase>[0],
  dataDir: string | undefined,
): Promise<void> {
  const db = await connectDatabase(database);
  try {
    await migrateToLatest(db);
    if (dataDir) {
      const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
      await seedDemoSchool(db, new DiskFileStore(config.uploadsDir), { today: DEMO_TODAY });
    }
  } finally {
    await db.destroy();
  }
}

/** Vitest's global set-up of the `node` project: makes the templates, and drops them at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The demo's accounts are hashed at the test cost too, so that every log-in of a test checks cheaply.
  hashCheaplyInThisTestRun();
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-templates-'));
  const sqliteDemoDir = path.join(root, 'sqlite-demo');
  const templates: DatabaseTemplates = {
    sqlite: {
      migrated: path.join(root, 'migrated.sqlite'),
      demo: { file: path.join(sqliteDemoDir, 'test.sqlite'), dataDir: sqliteDemoDir },
    },
  };
  await fs.mkdir(sqliteDemoDir);
  await prepareDatabase({ engine: 'sqlite', file: templates.sqlite.migrated }, undefined);
  await prepareDatabase({ engine: 'sqlite', file: templates.sqlite.demo.file }, sqliteDemoDir);

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const stamp = `${process.pid}_${Date.now().toString(36)}`;
    const postgresDemoDir = path.join(root, 'postgres-demo');
    await fs.mkdir(postgresDemoDir);
    templates.postgres = {
      migrated: `schoolyard_template_${stamp}`,
      demo: { database: `schoolyard_template_demo_${stamp}`, dataDir: postgresDemoDir },
    };
    for (const name of [templates.postgres.migrated, templates.postgres.demo.database]) {
      await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
    }
    await prepareDatabase(
      { engine: 'postgres', url: databaseUrl(adminUrl, templates.postgres.migrated) },
      undefined,
    );
    await prepareDatabase(
      { engine: 'postgres', url: databaseUrl(adminUrl, templates.postgres.demo.database) },
      postgresDemoDir,
    );
  }

  project.provide('databaseTemplates', templates);
  return async () => {
    const { postgres } = templates;
    if (adminUrl && postgres) {
      for (const name of [postgres.migrated, postgres.demo.database]) {
        await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      }
    }
    await fs.rm(root, { recursive: true, force: true });
  };
}

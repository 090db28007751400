import type { FastifyInstance } from 'fastify';
import { setupLinkOf } from '../shared/setup-link.js';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { whileStartupLocked } from './db/startup-lock.js';
import { type DemoLogin, isDatabaseEmpty, seedDemoSchool } from './demo/index.js';
import { openSetup } from './features/setup/setup.service.js';
import { createFileStore } from './lib/file-store/create-file-store.js';

export interface PreparedApp {
  app: FastifyInstance;
  /** Set when this start created the demo school. */
  demoLogins: DemoLogin[] | undefined;
  /**
   * Set when this start found an empty school without the demo: the one-time link that makes its
   * first principal (docs/decisions/0041-first-start-of-a-real-school.md), for the start-up log only.
   */
  setupLink: string | undefined;
}

type FirstStart = { demoLogins?: DemoLogin[]; setupLink?: string };

/**
 * Database up to date, then the app around it. An empty database gets the demo school (DEMO_DATA,
 * by default only on a local site) or else a new set-up link, whose hash replaces any earlier one.
 */
export async function prepareApp(config: Config): Promise<PreparedApp> {
  const db = await connectDatabase(config.database);
  try {
    const files = createFileStore(config, db);
    const firstStart = await whileStartupLocked(db, config.database, async (): Promise<FirstStart> => {
      await migrateToLatest(db);
      if (!(await isDatabaseEmpty(db))) return {};
      if (!config.demoData)
        return { setupLink: setupLinkOf(config.mail.publicUrl, await openSetup(db, files)) };
      const logins = await seedDemoSchool(db, files);
      // Planted by an earlier start (or one not holding the lock, on SQLite): this one created nothing.
      return logins.length > 0 ? { demoLogins: logins } : {};
    });
    const app = await buildApp(config, { db, files });
    return { app, demoLogins: firstStart.demoLogins, setupLink: firstStart.setupLink };
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
}

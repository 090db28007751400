import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { whileStartupLocked } from './db/startup-lock.js';
import { type DemoLogin, isDatabaseEmpty, seedDemoSchool } from './demo/index.js';
import { createFileStore } from './lib/file-store/create-file-store.js';

export interface PreparedApp {
  app: FastifyInstance;
  /** Set when this start created the demo school. */
  demoLogins: DemoLogin[] | undefined;
}

/** Database up to date (and the demo school planted on an empty one), then the app around it. */
export async function prepareApp(config: Config): Promise<PreparedApp> {
  const db = await connectDatabase(config.database);
  try {
    const files = createFileStore(config, db);
    const demoLogins = await whileStartupLocked(db, config.database, async () => {
      await migrateToLatest(db);
      if (!config.demoData || !(await isDatabaseEmpty(db))) return undefined;
      const logins = await seedDemoSchool(db, files);
      // Planted by an earlier start (or one not holding the lock, on SQLite): this one created nothing.
      return logins.length > 0 ? logins : undefined;
    });
    const app = await buildApp(config, { db, files });
    return { app, demoLogins };
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
}

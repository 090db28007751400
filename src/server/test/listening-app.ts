import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase, type TestEngine } from './databases.js';

export interface ListeningApp {
  app: FastifyInstance;
  port: number;
  database: TestDatabase;
  /** The app's log lines (JSON, level warn and above). */
  logLines: string[];
  /** Drains and closes the app (once), then drops the database. */
  dispose(): Promise<void>;
}

/**
 * The real app listening on a free port of 127.0.0.1, on a fresh empty database, with the settings
 * of `env` (as the environment would give them: `{ SHUTDOWN_TIMEOUT_MS: '500' }`).
 */
export async function listeningApp(
  engine: TestEngine,
  env: Record<string, string> = {},
): Promise<ListeningApp> {
  const database = await createTestDatabase(engine);
  const config = {
    ...loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env }),
    database: database.config,
    webDistDir: path.join(database.dataDir, 'no-web-build'),
  };
  const logLines: string[] = [];
  const logger = { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } };
  const app = await buildApp(config, { db: database.db, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    port,
    database,
    logLines,
    dispose: async () => {
      await app.drainAndClose();
      await database.dispose();
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from '../../shared/page-rendering.js';
import { buildApp } from '../app.js';
import { type Config, type FileStoreKind, loadConfig, type SsoConfig } from '../config.js';
import { seedDemoSchool } from '../demo/index.js';
import { createFileStore } from '../lib/file-store/create-file-store.js';
import { DEMO_TODAY } from './database-templates.js';
import { createTestDatabase, type TestDatabase, type TestEngine } from './databases.js';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  appConfig: Config;
}

/**
 * The real app on a fresh database of the given engine, optionally with the demo school, for
 * `app.inject` tests. Close with `dispose()`.
 */
export async function createTestApp(
  engine: TestEngine,
  options: {
    demo?: boolean;
    webDistDir?: string;
    /** Collects the app's log lines (JSON, level `logLevel` and above) instead of discarding them. */
    logLines?: string[];
    /** The lowest level of the lines `logLines` collects; warn unless given. */
    logLevel?: 'debug' | 'info' | 'warn';
    /**
     * Sends mail through this SMTP server (smtp-capture.ts); the sender does not run on its own:
     * call `app.mailSender.deliverDue()`. Without it, mail waits in the outbox.
     */
    smtpUrl?: string;
    /** PUBLIC_URL of the app (links in mails). */
    publicUrl?: string;
    /** Renders the public pages (with `webDistDir` or `indexHtml`): see BuildAppOptions. */
    pageRenderer?: PageRenderer;
    /**
     * Serves a built front end whose only file is this index.html, from a folder in the test's data
     * folder (removed with it): the pages as the product serves them, without a build.
     */
    indexHtml?: string;
    /** FILE_STORE of the app: the uploads folder under the test's data folder (default) or the database. */
    fileStore?: FileStoreKind;
    /** PSEUDO_LOCALE: `Accept-Language: en-XA` gets the pseudo-locale. */
    pseudoLocale?: boolean;
    /**
     * OIDC_*: sign-in with this provider (test/oidc-provider.ts), its audience and staffMust as
     * OIDC_FOR and OIDC_STAFF_MUST set them (the defaults until the principal chooses).
     */
    sso?: SsoConfig;
  } = {},
): Promise<TestApp> {
  const fileStore = options.fileStore ?? 'disk';
  // createTestDatabase plants the demo with its pictures as files in the uploads folder (copied from
  // the run's template); with the database as the file store the demo is planted here instead.
  const demoWithDatabase = options.demo === true && fileStore === 'disk';
  const database = await createTestDatabase(engine, { demo: demoWithDatabase });
  const webDistDir =
    options.webDistDir ??
    path.join(database.dataDir, options.indexHtml === undefined ? 'no-web-build' : 'web');
  if (options.indexHtml !== undefined) {
    await fs.mkdir(webDistDir, { recursive: true });
    await fs.writeFile(path.join(webDistDir, 'index.html'), options.indexHtml);
  }
  const appConfig: Config = {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      MAIL_POLL_MS: '0',
      SMTP_URL: options.smtpUrl,
      PUBLIC_URL: options.publicUrl ?? 'https://school.test',
      FILE_STORE: fileStore,
      PSEUDO_LOCALE: options.pseudoLocale ? 'true' : undefined,
    }),
    database: database.config,
    webDistDir,
    sso: undefined,
  };
  if (options.sso) {
    const { audience, staffMust, ...connection } = options.sso;
    appConfig.sso = connection;
    appConfig.ssoDefaults = { audience, staffMust };
  }
  const files = createFileStore(appConfig, database.db);
  if (options.demo && !demoWithDatabase) await seedDemoSchool(database.db, files, { today: DEMO_TODAY });
  const { logLines } = options;
  const logger = logLines
    ? { level: options.logLevel ?? 'warn', stream: { write: (line: string) => void logLines.push(line) } }
    : false;
  const app = await buildApp(appConfig, {
    db: database.db,
    files,
    logger,
    pageRenderer: options.pageRenderer,
  });
  await app.ready();
  return {
    ...database,
    app,
    appConfig,
    // The app closes the database on close; then the rest of the test database goes.
    dispose: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

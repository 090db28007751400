import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROME_ARGS } from './scripts/chrome-path.mjs';

const port = Number(process.env.E2E_PORT ?? 3199);
// scripts/e2e.mjs sets E2E_DATA_DIR, so that every worker (and fixtures that seed through the
// database) knows where the server keeps its data.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `schoolyard-e2e-${process.pid}`);
// Where the e2e server's SMTP server keeps the mail the app sends (scripts/e2e-server.mjs), for the
// specs that read it (e2e/support/mailbox.ts).
const mailDir = process.env.E2E_MAIL_DIR ?? `${dataDir}-mail`;

/**
 * End-to-end tests against the built product, started as `npm start` would start it, on a fresh
 * SQLite database with the demo school. `npm run test:e2e` builds first and finds Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.reports/e2e.json' }]] : 'list',
  // A shared 2-core machine running two browsers and the server takes 3-4 s for a page at times;
  // a slow run is not a failure, so each test has a minute and each expectation ten seconds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH, args: CHROME_ARGS },
  },
  // One project: every spec creates the data it changes (a class, pupils, a teacher, an enquiry of
  // its own, stamped), or starts a demo school of its own when it changes what every page shows
  // (e2e/support/own-school.ts), so no spec waits for others to finish with the shared demo school.
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      E2E_MAIL_DIR: mailDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // `Accept-Language: en-XA` gets the pseudo-locale (e2e/pseudo-locale.spec.ts).
      PSEUDO_LOCALE: 'true',
    },
  },
});

import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lazyCatalogs } from './src/web/test/lazy-catalogs.js';

/**
 * Two projects: `node` runs shared rules and the API (through app.inject against real databases),
 * `web` runs React components in jsdom. End-to-end tests are Playwright's (e2e/).
 */
export default defineConfig({
  test: {
    // CI keeps a JSON report so that .ci/run can print one closing line for the whole suite.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.reports/vitest.json' },
    // Vitest leaves one core free by default: one worker on these 2-core machines, with the CPU idle
    // while a test waits for PostgreSQL or a child process. One worker per core keeps both busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        // Catalogs read when first asked for, not a hundred JSON modules per test file (lazy-catalogs.ts).
        plugins: [lazyCatalogs()],
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['src/server/test/setup.ts'],
          // Migrated and demo databases made once per run, copied by each test (database-templates.ts).
          globalSetup: ['src/server/test/database-templates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Catalogs read when first asked for, not a hundred JSON modules per test file (lazy-catalogs.ts).
        plugins: [react(), lazyCatalogs()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // Typing whole forms takes a few seconds on a shared machine; a slow run is not a failure.
          testTimeout: 30_000,
        },
      },
    ],
  },
});

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';
import { test as base } from './fixtures.js';

/** A server of the built product started for one test, on a data folder and a port of its own. */
export interface OwnSchool {
  /** Where it answers, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** Its data folder (its SQLite database, its uploads), removed when the test ends. */
  dataDir: string;
}

/**
 * Starts `dist/node/server/main.js` as scripts/e2e-server.mjs does (demo school, SQLite, PUBLIC_URL at
 * its own address), but on a fresh data folder of its own, and answers once it listens. Nothing of
 * the shared e2e server's configuration is inherited: no database URL, no mail server, no file store.
 */
export async function startOwnSchool({
  demo = true,
  publicUrl,
}: {
  /** false: a real school's first start (no demo school, the set-up link printed). */
  demo?: boolean;
  /** The address the server writes into links; its own address when left out. */
  publicUrl?: string;
} = {}): Promise<OwnSchool & { stop: () => Promise<void>; startUpLog: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schoolyard-own-school-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl ?? origin,
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DEMO_DATA', 'DATABASE_URL', 'SMTP_URL', 'FILE_STORE']) delete env[name];
  if (demo) env.DEMO_DATA = 'true';
  const child: ChildProcess = spawn(process.execPath, ['dist/node/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The server prints this line once it listens (src/server/main.ts), with the demo school made.
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (out.includes('Schoolyard is running on')) resolve();
        else if (child.exitCode !== null) reject(new Error(`the own school's server stopped:\n${err}`));
      };
      child.stdout?.on('data', check);
      child.on('exit', check);
      check();
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dataDir, stop, startUpLog: out };
}

/**
 * Playwright's `test` (with the log-in fixtures) for a spec that changes what every page of the demo
 * school shows (its name, its home banner, its gallery): each test gets a demo school of its own,
 * and `page`, `request`, `logInAs` all talk to it, so the specs reading the shared demo school run
 * beside it undisturbed and nothing has to be put back.
 */
export const test = base.extend<{ ownSchool: OwnSchool }>({
  ownSchool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const school = await startOwnSchool();
      try {
        await use({ origin: school.origin, dataDir: school.dataDir });
      } finally {
        await school.stop();
      }
    },
    // Starting a server (migrations, the demo school's records and pictures) takes a few seconds, on
    // a busy machine more: its own time, not the test's.
    { timeout: 60_000 },
  ],
  baseURL: async ({ ownSchool }, use) => {
    await use(ownSchool.origin);
  },
});

/**
 * An address on the shared e2e server (playwright.config.ts's baseURL), which a test of its own
 * school reads to show that its changes stayed in its own school.
 */
export function sharedSchoolUrl(pathname: string): string {
  const shared = test.info().project.use.baseURL;
  if (!shared) throw new Error('playwright.config.ts sets baseURL to the shared e2e server');
  return new URL(pathname, shared).href;
}

export { expect } from './fixtures.js';

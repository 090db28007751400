// Runs the Playwright end-to-end tests with a Chromium found on this machine (no download), on a
// free port so that two runs on one machine do not collide.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { resolveChromePath } from './chrome-path.mjs';
import { freePort } from './free-port.mjs';

const chromePath = await resolveChromePath();
const port = process.env.E2E_PORT ?? String(await freePort());
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `schoolyard-e2e-${port}`);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROME_PATH: chromePath,
    E2E_PORT: port,
    E2E_DATA_DIR: dataDir,
    // The mail the app sends, as .eml files (scripts/e2e-server.mjs), for the specs to read.
    E2E_MAIL_DIR: process.env.E2E_MAIL_DIR ?? `${dataDir}-mail`,
  },
});
process.exit(result.status ?? 1);

// Runs the Playwright end-to-end tests with a Chromium found on this machine (no download).
import { spawnSync } from 'node:child_process';
import { resolveChromePath } from './chrome-path.mjs';

const chromePath = await resolveChromePath();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromePath },
});
process.exit(result.status ?? 1);

// `npm start`: builds only when the sources changed since the last build (scripts/build-stamp.mjs), then
// runs the server in this process, so a restart of an installed school takes seconds
// (docs/decisions/0028-page-budgets-and-start-up.md).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildNeeded, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const decision = buildNeeded(root);
if (decision.needed) {
  console.log(`Building first: ${decision.reason}.`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
  writeStamp(root, decision.hash);
} else {
  console.log(`No build needed: ${decision.reason} (checked in ${Date.now() - started} ms).`);
}
await import('../dist/node/server/main.js');

// Whether the build in dist/ was made from the sources as they are now, so that `npm start` builds only
// when something changed (docs/decisions/0028-page-budgets-and-start-up.md). After a
// build, scripts/start.mjs writes dist/.build-stamp.json: a SHA-256 of every build input's path and
// content (and of the VITE_* variables), and the modification times of the outputs `npm start` runs, so a build made some other way
// since (`npm run build` by hand) is not mistaken for the stamped one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const STAMP = 'dist/.build-stamp.json';

/** What the server runs and serves; if either is missing or was rewritten, the stamp says nothing. */
export const OUTPUTS = ['dist/node/server/main.js', 'dist/web/index.html', 'dist/ssr/entry-server.js'];

/** Folders whose files are build inputs (the Vite build's plugins live in scripts/). */
const INPUT_DIRS = ['src', 'scripts'];
/** Files at the top that steer the builds: configurations, dependencies. */
const INPUT_FILE =
  /^(package\.json|package-lock\.json|tsconfig[\w.-]*\.json|vite[\w.-]*\.config\.[cm]?[jt]s)$/;
/** Tests are in neither build (vite.config.ts bundles what index.html reaches; tsconfig.server.json excludes them). */
const NOT_INPUT = /\.test\.tsx?$/;

function walk(root, dir, into) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, relative, into);
    else if (entry.isFile() && !NOT_INPUT.test(entry.name)) into.push(relative);
  }
  return into;
}

/** The build's inputs under `root`, as sorted paths relative to it. */
export function inputFiles(root) {
  const files = fs
    .readdirSync(root)
    .filter((name) => INPUT_FILE.test(name) && fs.statSync(path.join(root, name)).isFile());
  for (const dir of INPUT_DIRS) if (fs.existsSync(path.join(root, dir))) walk(root, dir, files);
  return files.sort();
}

/**
 * One hash of every input's path and content (a rename, an edit, a new or a removed file all change it)
 * and of the `VITE_*` variables, which Vite writes into the web app at build time (src/web/config/env.ts).
 */
export function inputsHash(root, env = process.env) {
  const hash = crypto.createHash('sha256');
  for (const file of inputFiles(root)) {
    const content = fs.readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`\0env\0${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

function outputTimes(root) {
  return Object.fromEntries(OUTPUTS.map((file) => [file, fs.statSync(path.join(root, file)).mtimeMs]));
}

/** Whether `npm start` must build first, and why (one phrase, for the console). */
export function buildNeeded(root, env = process.env) {
  const hash = inputsHash(root, env);
  const missing = OUTPUTS.find((file) => !fs.existsSync(path.join(root, file)));
  if (missing) return { needed: true, reason: `${missing} is missing`, hash };
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return { needed: true, reason: 'the build has no stamp of its sources', hash };
  }
  if (stamp.inputs !== hash)
    return { needed: true, reason: 'the sources changed since the last build', hash };
  const times = outputTimes(root);
  if (OUTPUTS.some((file) => stamp.outputs?.[file] !== times[file])) {
    return { needed: true, reason: 'the build was remade since it was stamped', hash };
  }
  return { needed: false, reason: 'the build is current', hash };
}

/** After a build from the inputs that hashed to `hash` (taken before it started, so an edit during it counts). */
export function writeStamp(root, hash) {
  const stamp = { inputs: hash, outputs: outputTimes(root), builtAt: new Date().toISOString() };
  fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
}

// The pure part of `npm run budget:js` (scripts/js-budget.mjs): which responses count as a page's
// JavaScript, how each is weighed, the totals, verdicts and the lines printed. Why it is counted this
// way: docs/decisions/0045-javascript-counted-as-the-visitor-downloads-it.md.
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Every server-rendered public page, each on its own (docs/decisions/0028-page-budgets-and-start-up.md):
 * 120 KiB, back from the 122 KiB of 0070 since docs/decisions/0073-budgets-won-back.md.
 */
export const PUBLIC_PAGE_BUDGET_BYTES = 120 * 1024;

/**
 * The school area's first screen after log-in (`/dashboard`), for every account type: set by
 * docs/decisions/0045-javascript-counted-as-the-visitor-downloads-it.md for the build on React 19.
 * Measured 2026-11-26 on this source built with React instead of Preact: 223.8 KiB for every type
 * (Preact: 160.3). The 16 KiB above it (7 %) are room for the screens' own growth, not for another
 * library in the first load: a chart, date or editor library is 15-40 KiB and belongs to the screen
 * that uses it, loaded with that screen.
 */
// Back from the 243 KiB of 0070 since docs/decisions/0073-budgets-won-back.md.
export const SCHOOL_FIRST_LOAD_BUDGET_BYTES = 240 * 1024;

/**
 * Sec-Fetch-Dest values of a worker's scripts (its own file and the modules it imports): a worker
 * runs beside the page, never before it answers, so its code is not the page's first load.
 */
const WORKER_DESTINATIONS = new Set(['worker', 'sharedworker', 'serviceworker']);

/**
 * Whether a response counts as JavaScript the page loads: what Chromium types as a script (a
 * `<script src>`, a `modulepreload`, a static or dynamic `import()`), answered with a body (2xx), and
 * not fetched for a worker (the browser's own Sec-Fetch-Dest says so; Chromium types a worker's
 * files as scripts too). JSON answers (fetch/XHR), stylesheets, fonts and pictures are other types.
 */
export function isCountedScript({ resourceType, status, fetchDest }) {
  if (resourceType !== 'script') return false;
  if (status < 200 || status >= 300) return false;
  return !WORKER_DESTINATIONS.has(fetchDest ?? '');
}

/**
 * Whether an inline `<script>` runs as JavaScript (its `type` is empty or a JavaScript one): the
 * server's JSON blocks (`application/json`, the router's and queries' state) are data, not code.
 */
export function isExecutableScriptType(type) {
  const normalized = type.trim().toLowerCase();
  return (
    normalized === '' ||
    normalized === 'module' ||
    normalized === 'text/javascript' ||
    normalized === 'application/javascript'
  );
}

/**
 * A body's size gzipped at level 9, the level of the build's own .gz copies (scripts/precompress.mjs):
 * the number then depends on the file, not on what the server chose to send.
 */
export function gzipSize(body) {
  return zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
}

/**
 * A page's JavaScript from the files it loaded (`{ name, bytes, gzip }`): each name once (the browser
 * downloads a file once per visit; a second response for it is the memory cache), heaviest first,
 * with the gzipped total. Each file is a request of its own, so sizes are added, not gzipped together.
 */
export function sumScripts(files) {
  const byName = new Map();
  for (const file of files) if (!byName.has(file.name)) byName.set(file.name, file);
  const unique = [...byName.values()].sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name));
  return { files: unique, gzip: unique.reduce((sum, file) => sum + file.gzip, 0) };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** `ok`, or how far over the budget a total is. */
export function verdict(gzip, budget) {
  return gzip <= budget ? 'ok' : `OVER by ${kib(gzip - budget)}`;
}

/** One printed line: what was loaded, its gzipped total, how many files, the verdict. */
export function formatLine(label, load, budget) {
  return `${label.padEnd(28)} ${kib(load.gzip).padStart(10)}  ${String(load.files.length).padStart(3)} files  ${verdict(load.gzip, budget)}`;
}

/** The heaviest files of a load, one line each (gzipped, then unpacked). */
export function formatHeaviest(load, count = 10) {
  return load.files
    .slice(0, count)
    .map((file) => `  ${kib(file.gzip).padStart(10)}  ${file.name} (${kib(file.bytes)} unpacked)`);
}

/**
 * The screen route module a source file is, as `school/dashboard` or `public/gallery`, or undefined:
 * the route modules are the files directly under src/web/app/routes/school and routes/public, the
 * modules router.tsx imports lazily, one per screen. `source` is relative to the repository.
 */
export function routeModuleOf(source) {
  const match = source
    .split(path.sep)
    .join('/')
    .match(/^src\/web\/app\/routes\/(school|public)\/([^/]+)\.[jt]sx?$/);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/**
 * The route modules other than `own` that the loaded chunks hold (`sourcesByChunk`: each chunk's
 * source files relative to the repository, from its source map), each with the chunk it came in:
 * another screen's code loaded where only `own`'s should be.
 */
export function foreignRouteModules(sourcesByChunk, own) {
  const found = [];
  for (const [chunk, sources] of sourcesByChunk) {
    for (const source of sources) {
      const module = routeModuleOf(source);
      if (module && module !== own) found.push({ module, chunk });
    }
  }
  return found.sort((a, b) => a.module.localeCompare(b.module));
}

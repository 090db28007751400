// `npm run budget:js`: the JavaScript each public page loads first, gzipped, against its budget
// (120 KiB), measured on dist/web (scripts/first-load-js.mjs says what counts;
// docs/decisions/0028-page-budgets-and-start-up.md says why). Run by `npm test` after the e2e tests (which
// build); exit code 1 when a page is over budget, with the chunks that weigh most.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs } from './first-load-js.mjs';

const BUDGET_BYTES = 120 * 1024;

/** The server-rendered public routes and the route module each renders (src/web/app/router.tsx). */
const PAGES = {
  '/': 'home',
  '/about': 'about',
  '/class': 'classes',
  '/teacher': 'teachers',
  '/gallery': 'gallery',
  '/blog': 'blog',
  '/blogdetail': 'blog-detail',
  '/contact': 'contact',
  '/registation': 'registration',
  '/login': 'login',
};

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = path.join(root, 'dist/web');
if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  console.error('No build in dist/web: run `npm run build` first (in `npm test` the e2e step builds).');
  process.exit(1);
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const results = Object.entries(PAGES).map(([page, module]) => ({
  page,
  ...firstLoadJs(webDir, path.join(root, 'src/web/app/routes/public', `${module}.tsx`)),
}));
const entry = firstLoadJs(webDir);
const shared = new Set(entry.files.map((f) => f.file));

console.log(`JavaScript a public page loads first, gzipped (budget ${kib(BUDGET_BYTES)})`);
for (const { page, gzip, files } of results) {
  const verdict = gzip <= BUDGET_BYTES ? 'ok' : `OVER by ${kib(gzip - BUDGET_BYTES)}`;
  console.log(
    `${page.padEnd(13)} ${kib(gzip).padStart(10)}  ${String(files.length).padStart(2)} files  ${verdict}`,
  );
}
const over = results.filter((r) => r.gzip > BUDGET_BYTES);
if (over.length > 0) {
  console.log(`\nEvery page: the entry and its static imports, ${kib(entry.gzip)}`);
  for (const f of entry.files)
    console.log(`  ${kib(f.gzip).padStart(10)}  ${f.file} (${kib(f.bytes)} unpacked)`);
  const heaviest = over.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  console.log(`\n${heaviest.page} adds its route chunks, ${kib(heaviest.gzip - entry.gzip)}`);
  for (const f of heaviest.files.filter((f) => !shared.has(f.file))) {
    console.log(`  ${kib(f.gzip).padStart(10)}  ${f.file} (${kib(f.bytes)} unpacked)`);
  }
  console.log(`\n${over.length} of ${results.length} public pages are over the budget.`);
  process.exit(1);
}
console.log(`\nAll ${results.length} public pages are within the budget.`);

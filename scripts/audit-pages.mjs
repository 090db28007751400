// `npm run audit:pages [-- --report-only] [-- --runs=N]`: Lighthouse on the public pages of the built app
// (docs/decisions/0028-page-budgets-and-start-up.md). Builds nothing: it starts
// dist/node/server/main.js on a fresh data folder (so the demo school is there) and a free port
// (scripts/built-server.mjs), runs
// Lighthouse's default configuration (a phone: mobile screen, simulated slow 4G and a 4x slower CPU) in
// the Chromium the e2e tests use, prints each page's scores against the targets and, for each miss, the
// audits behind it. The full reports are written to .reports/lighthouse/. Nothing is downloaded.
//
// Exit code: 0 when every target is met (or with --report-only), 1 when one is missed, 2 when the pages
// could not be audited at all.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from './built-server.mjs';
import { CHROME_ARGS, resolveChromePath } from './chrome-path.mjs';
import { formatReport, summarize } from './page-audit-report.mjs';

const PAGES = ['/', '/gallery', '/blog', '/contact'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const root = fileURLToPath(new URL('..', import.meta.url));
const reportDir = path.join(root, '.reports/lighthouse');

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const runsArg = args.find((arg) => arg.startsWith('--runs='));
const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 1;
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error('--runs= takes a whole number from 1 to 9.');
  process.exit(2);
}
const unknown = args.filter((arg) => arg !== '--report-only' && !arg.startsWith('--runs='));
if (unknown.length > 0) {
  console.error(
    `Unknown argument(s): ${unknown.join(' ')}. Usage: audit-pages.mjs [--report-only] [--runs=N]`,
  );
  process.exit(2);
}

/** The middle run by performance score (Lighthouse's advice for a noisy machine: the median of several). */
function median(results) {
  const sorted = [...results].sort(
    (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
  );
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  // Ready once it serves the home page, so the first audit does not pay for the server's start.
  const server = await startBuiltServer({ readyPath: '/' });
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: await resolveChromePath(),
      chromeFlags: ['--headless=new', ...CHROME_ARGS],
      logLevel: 'silent',
    });
    fs.mkdirSync(reportDir, { recursive: true });
    const rows = [];
    let lighthouseVersion = '';
    for (const page of PAGES) {
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${server.base}${page}`, {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}.`);
        results.push(result);
        lighthouseVersion = result.lhr.lighthouseVersion;
      }
      const chosen = median(results);
      const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
      fs.writeFileSync(path.join(reportDir, `${name}.html`), chosen.report);
      rows.push(summarize(page, chosen.lhr));
      const s = rows.at(-1).scores;
      console.error(
        `audited ${page} (${runs} run${runs > 1 ? 's' : ''}): ${CATEGORIES.map((c) => `${c} ${s[c]}`).join(', ')}`,
      );
    }
    console.log(
      `Lighthouse ${lighthouseVersion}, mobile (default config: simulated slow 4G, 4x CPU slowdown), ` +
        `${runs} run${runs > 1 ? 's' : ''} per page${runs > 1 ? ', the median by performance' : ''}`,
    );
    console.log(formatReport(rows));
    console.log(`Full reports: ${path.relative(process.cwd(), reportDir) || '.'}/*.html`);
    return rows.some((row) => row.misses.length > 0) ? 1 : 0;
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(reportOnly ? 0 : code),
  (error) => {
    console.error(`audit:pages could not audit the pages: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  },
);

// `npm run budget:js`: the JavaScript each public page and the school area's first screen load,
// counted as a visitor's browser downloads it (docs/decisions/0045-javascript-counted-as-the-visitor-downloads-it.md,
// refining docs/decisions/0028-page-budgets-and-start-up.md). Builds nothing: it starts the built
// product on a free port and a fresh demo school (scripts/built-server.mjs), opens each page in headless
// Chromium at a phone's screen with an empty cache, touches nothing, waits until the network is idle
// and weighs every script that came (scripts/script-weight.mjs says what counts), gzipped at level 9.
// Run by `npm test` after the e2e tests (which build).
//
// Exit code: 0 when every page is within its budget, 1 when one is over or /dashboard loads another
// screen's code, 2 when the pages could not be measured.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices } from 'playwright-core';
import { demoAccounts, fromBuild, logIn, startBuiltServer } from './built-server.mjs';
import { CHROME_ARGS, resolveChromePath } from './chrome-path.mjs';
import {
  foreignRouteModules,
  formatHeaviest,
  formatLine,
  gzipSize,
  isCountedScript,
  isExecutableScriptType,
  kib,
  PUBLIC_PAGE_BUDGET_BYTES,
  routeModuleOf,
  SCHOOL_FIRST_LOAD_BUDGET_BYTES,
  sumScripts,
} from './script-weight.mjs';

/** A mid-range phone (Playwright's Pixel 7: 412 x 915, touch, Chrome for Android's user agent). */
const PHONE = devices['Pixel 7'];
const DASHBOARD = '/dashboard';
/** The route module of DASHBOARD (router.tsx: `'/dashboard': () => import('./routes/school/dashboard.js')`). */
const DASHBOARD_MODULE = 'school/dashboard';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = path.join(root, 'dist/web');

/**
 * Opens `url` in a fresh context (empty cache; `cookies` in it, if any), waits until the network is
 * idle and answers the scripts it loaded (sumScripts) and the address it ended on.
 */
async function measure(browser, url, cookies = []) {
  const context = await browser.newContext({ ...PHONE });
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    const downloads = [];
    const onResponse = (response) => {
      downloads.push(
        (async () => {
          const request = response.request();
          const headers = await request.allHeaders();
          const counted = isCountedScript({
            resourceType: request.resourceType(),
            status: response.status(),
            fetchDest: headers['sec-fetch-dest'],
          });
          if (!counted) return undefined;
          const body = await response.body();
          return { name: response.url(), bytes: body.length, gzip: gzipSize(body) };
        })(),
      );
    };
    page.on('response', onResponse);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // Code written into the page itself runs as well: counted as one file per inline script.
    const inline = await page.evaluate(() =>
      [...document.scripts].filter((s) => !s.src).map((s) => ({ type: s.type, text: s.text })),
    );
    // Listening stops before the files are added up: a response that came later would read its body
    // while the context closes, and fail the whole run.
    page.off('response', onResponse);
    const files = (await Promise.all(downloads)).filter((file) => file !== undefined);
    inline
      .filter((script) => isExecutableScriptType(script.type))
      .forEach((script, index) => {
        const body = Buffer.from(script.text);
        files.push({ name: `${url} inline script ${index + 1}`, bytes: body.length, gzip: gzipSize(body) });
      });
    return { ...sumScripts(files), finalUrl: page.url() };
  } finally {
    await context.close();
  }
}

/**
 * The source files (relative to the repository) of each of the app's chunks in `files`, from the
 * build's source maps (vite.config.ts keeps them): what tells one screen's code from another's
 * whatever the chunks are called. A chunk Vite writes itself (its preload helper) has no map and no
 * source of ours; a load with no map at all means the build stopped writing them, which is an error.
 */
function sourcesByChunk(files, base) {
  const result = new Map();
  for (const { name } of files) {
    if (!name.startsWith(`${base}/`)) continue;
    const file = path.join(webDir, new URL(name).pathname);
    const map = `${file}.map`;
    if (!fs.existsSync(map)) continue;
    const { sources = [] } = JSON.parse(fs.readFileSync(map, 'utf8'));
    result.set(
      path.relative(root, file),
      sources.map((source) => path.relative(root, path.resolve(path.dirname(map), source))),
    );
  }
  if (result.size === 0) {
    throw new Error(
      "No loaded chunk has a source map in dist/web: the lazy-screen check reads the chunks' sources from them (build.sourcemap).",
    );
  }
  return result;
}

/** The first blog post's address as the server-rendered /blog links it, for an 11th line. */
async function firstPostPath(base) {
  const html = await (await fetch(`${base}/blog`)).text();
  const href = html.match(/href="(\/blogdetail[?/][^"]+)"/)?.[1];
  if (!href) throw new Error('/blog links no post (/blogdetail...): the demo school should have some.');
  return href.replaceAll('&amp;', '&');
}

async function main() {
  const server = await startBuiltServer();
  let browser;
  try {
    const { SERVER_RENDERED_PATHS } = await fromBuild('shared/page-rendering.js');
    const { SCHOOL_TYPES, SESSION_COOKIE } = await fromBuild('shared/constants.js');
    const { emails: demoEmails, password: DEMO_PASSWORD } = await demoAccounts();

    browser = await chromium.launch({ executablePath: await resolveChromePath(), args: CHROME_ARGS });
    const { base } = server;
    console.log(
      `JavaScript a visitor's browser loads, gzipped (level 9): every script until the network is idle, ` +
        `no interaction, empty cache, ${PHONE.viewport.width}x${PHONE.viewport.height} phone screen`,
    );

    console.log(`\nPublic pages (budget ${kib(PUBLIC_PAGE_BUDGET_BYTES)} each)`);
    const pages = [...SERVER_RENDERED_PATHS, await firstPostPath(base)];
    const publicLoads = [];
    for (const page of pages) {
      const load = await measure(browser, `${base}${page}`);
      publicLoads.push({ label: page, load, budget: PUBLIC_PAGE_BUDGET_BYTES });
      console.log(formatLine(page, load, PUBLIC_PAGE_BUDGET_BYTES));
    }

    console.log(
      `\nThe school area's first screen, ${DASHBOARD}, opened with a session (budget ${kib(SCHOOL_FIRST_LOAD_BUDGET_BYTES)} each)`,
    );
    const schoolLoads = [];
    const lazyFailures = [];
    for (const type of SCHOOL_TYPES) {
      const token = await logIn(base, demoEmails[type], DEMO_PASSWORD);
      const load = await measure(browser, `${base}${DASHBOARD}`, [
        { name: SESSION_COOKIE, value: token, url: base },
      ]);
      const endedOn = new URL(load.finalUrl).pathname;
      if (endedOn !== DASHBOARD) throw new Error(`${type}'s ${DASHBOARD} ended on ${endedOn}.`);
      const chunks = sourcesByChunk(load.files, base);
      const loadedModules = new Set([...chunks.values()].flat().map(routeModuleOf));
      if (!loadedModules.has(DASHBOARD_MODULE)) {
        throw new Error(`${type}'s ${DASHBOARD} did not load ${DASHBOARD_MODULE}: the screen did not open.`);
      }
      const foreign = foreignRouteModules(chunks, DASHBOARD_MODULE);
      if (foreign.length > 0) lazyFailures.push({ type, foreign });
      const label = `${DASHBOARD} as ${type}`;
      schoolLoads.push({ label, load, budget: SCHOOL_FIRST_LOAD_BUDGET_BYTES });
      console.log(formatLine(label, load, SCHOOL_FIRST_LOAD_BUDGET_BYTES));
    }
    if (lazyFailures.length === 0) {
      console.log(`Lazy screens stay lazy: ${DASHBOARD} loads no other screen's route module.`);
    }
    for (const { type, foreign } of lazyFailures) {
      console.log(`${DASHBOARD} as ${type} loads other screens' code:`);
      for (const { module, chunk } of foreign) console.log(`  src/web/app/routes/${module}.tsx in ${chunk}`);
    }

    const over = [...publicLoads, ...schoolLoads].filter(({ load, budget }) => load.gzip > budget);
    if (over.length > 0) {
      const heaviest = over.reduce((a, b) => (b.load.gzip - b.budget > a.load.gzip - a.budget ? b : a));
      console.log(`\nThe heaviest files of ${heaviest.label} (${kib(heaviest.load.gzip)}):`);
      for (const line of formatHeaviest(heaviest.load)) console.log(line.replaceAll(`${base}/`, ''));
      console.log(
        `\n${over.length} of ${publicLoads.length + schoolLoads.length} loads are over their budget.`,
      );
    } else {
      console.log(`\nAll ${publicLoads.length + schoolLoads.length} loads are within their budgets.`);
    }
    return over.length > 0 || lazyFailures.length > 0 ? 1 : 0;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`budget:js could not measure the pages: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  },
);

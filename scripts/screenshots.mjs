// `npm run screenshots`: a full-page screenshot of every school screen each account type's navigation
// offers, on a phone (375 px) and a desktop (1280 px), for a person to look at. Builds nothing: it
// starts the built product on a free port and a fresh demo school (scripts/built-server.mjs), logs in
// as the demo principal, teacher, parent and pupil, opens every place of that type's navigation
// (src/shared/app-navigation.ts as built; a parent's with their children's pages) and writes
// .reports/screenshots/<principal|teacher|parent|pupil>/<place>-<width>.png, with an index.html there that shows them all.
//
// Exit code: 0 when every screen was taken, 1 when a screen did not show (its title, its data), 2 when
// nothing could be taken (no build, no browser).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { demoAccounts, fromBuild, logIn, startBuiltServer } from './built-server.mjs';
import { CHROME_ARGS, resolveChromePath } from './chrome-path.mjs';
import { SCREENSHOT_WIDTHS, screenshotPlaces } from './screenshot-places.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, '.reports/screenshots');
/** A parent's children, as the app shell reads them for the navigation (GET family/children). */
async function childrenOf(base, token) {
  const response = await fetch(`${base}/api/family/children`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET family/children answered ${response.status}.`);
  return /** @type {{ data: { studentId: number; studentName: string; classId: number | null }[] }} */ (
    await response.json()
  ).data;
}

/**
 * Opens `href` and waits for the screen as e2e/app-navigation.spec.ts does: its title as the contract
 * says, no loading frame, spinner or busy region, the network idle. Answers what did not arrive.
 */
async function openScreen(page, href, bannerTitleFor) {
  await page.goto(href, { waitUntil: 'networkidle', timeout: 60_000 });
  const pathname = new URL(page.url()).pathname;
  const expected = new URL(href, 'http://x').pathname;
  if (pathname !== expected) return `ended on ${pathname}`;
  const title = bannerTitleFor(pathname);
  try {
    await page
      .getByRole('heading', { level: 1, name: title, exact: true })
      .waitFor({ state: 'visible', timeout: 20_000 });
    await page
      .locator('.page-fallback, [role="status"] .spinner-border, [aria-busy="true"], .page-progress--active')
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 });
  } catch {
    return `no "${title}" screen with its data within 20 s`;
  }
  return undefined;
}

/**
 * The whole page as one picture. Chromium's full-page capture leaves fixed parts (the phone's bottom
 * bar) where the first screen ends, over the middle of a long page; a window as tall as the page
 * puts them where a person sees them, at its end.
 */
async function fullScreenshot(page, file) {
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: file });
  if (viewport) await page.setViewportSize(viewport);
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** One row of index.html: the place, what was wrong with it, its screenshots at each width. */
function indexRow(folder, place) {
  const name = `${place.section ? `${place.section}: ` : ''}${place.label}`;
  const problems = place.problems.map((problem) => `<br><strong>${escapeHtml(problem)}</strong>`).join('');
  const shots = SCREENSHOT_WIDTHS.map((width) => {
    const file = `${folder}/${place.file}-${width}.png`;
    const alt = `${place.label} at ${width} px`;
    const shown = width === 375 ? 188 : 480;
    return `<td><a href="${file}"><img src="${file}" alt="${escapeHtml(alt)}" loading="lazy" width="${shown}"></a></td>`;
  });
  return `<tr><th scope="row">${escapeHtml(name)}<br><code>${escapeHtml(place.href)}</code>${problems}</th>${shots.join('')}</tr>`;
}

/** index.html: per type, per place, both widths side by side. */
function indexHtml(taken) {
  const head = SCREENSHOT_WIDTHS.map((width) => `<th scope="col">${width} px</th>`).join('');
  const sections = taken.map(
    ({ folder, email, places }) => `<h2>${escapeHtml(folder)} <small>(${escapeHtml(email)})</small></h2>
<table><thead><tr><th scope="col">Place</th>${head}</tr></thead>
<tbody>${places.map((place) => indexRow(folder, place)).join('\n')}</tbody></table>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Schoolyard: the school screens</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.5rem;vertical-align:top;text-align:start}img{display:block;height:auto}</style>
</head><body><h1>The school screens at ${SCREENSHOT_WIDTHS.join(' and ')} px</h1>
<p>Taken ${new Date().toISOString()} on a fresh demo school. Full-page screenshots; open one for its full size.</p>
${sections.join('\n')}
</body></html>
`;
}

async function main() {
  let server;
  let browser;
  try {
    server = await startBuiltServer({ readyPath: '/api/ready' });
    browser = await chromium.launch({ executablePath: await resolveChromePath(), args: CHROME_ARGS });
  } catch (error) {
    await server?.stop();
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  let failed = 0;
  try {
    const { schoolNavigationOf } = await fromBuild('shared/app-navigation.js');
    const { bannerTitleFor } = await fromBuild('shared/screens.js');
    const { SCHOOL_TYPES, SESSION_COOKIE, USER_TYPE } = await fromBuild('shared/constants.js');
    const { emails: demoEmails, password: DEMO_PASSWORD } = await demoAccounts();
    /** The folder of each type's screenshots, in plain words (the contract spells the principal "Principle"). */
    const folderOf = {
      [USER_TYPE.principal]: 'principal',
      [USER_TYPE.teacher]: 'teacher',
      [USER_TYPE.parent]: 'parent',
      [USER_TYPE.student]: 'pupil',
    };
    const { base } = server;
    fs.rmSync(outDir, { recursive: true, force: true });
    const taken = [];
    for (const type of SCHOOL_TYPES) {
      const token = await logIn(base, demoEmails[type], DEMO_PASSWORD);
      const children = type === USER_TYPE.parent ? await childrenOf(base, token) : [];
      const places = screenshotPlaces(schoolNavigationOf, type, children);
      const folder = folderOf[type] ?? type.toLowerCase();
      const dir = path.join(outDir, folder);
      fs.mkdirSync(dir, { recursive: true });
      const shown = [];
      for (const width of SCREENSHOT_WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: width === 375 ? 800 : 900 },
          reducedMotion: 'reduce',
          baseURL: base,
        });
        await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
        const page = await context.newPage();
        for (const place of places) {
          const problem =
            (await openScreen(page, place.href, bannerTitleFor)) ??
            (await page.evaluate(() => {
              // A page wider than the screen makes a phone scroll sideways.
              const root = document.documentElement;
              return root.scrollWidth > root.clientWidth + 1
                ? `scrolls sideways (${root.scrollWidth} px wide)`
                : undefined;
            }));
          // Pictures still on their way: wait for them to finish, at most a few seconds.
          await page
            .waitForFunction(() => [...document.images].every((image) => image.complete), undefined, {
              timeout: 5_000,
            })
            .catch(() => undefined);
          await fullScreenshot(page, path.join(dir, `${place.file}-${width}.png`));
          const at = `${folder} ${place.href} at ${width} px`;
          if (problem) {
            failed += 1;
            console.log(`✗ ${at}: ${problem}`);
          } else {
            console.log(`✓ ${at}`);
          }
          let entry = shown.find((p) => p.href === place.href);
          if (!entry) {
            entry = { ...place, problems: [] };
            shown.push(entry);
          }
          if (problem) entry.problems.push(`${width} px: ${problem}`);
        }
        await context.close();
      }
      taken.push({ folder, email: demoEmails[type], places: shown });
    }
    fs.writeFileSync(path.join(outDir, 'index.html'), indexHtml(taken));
    const count = taken.reduce((sum, { places }) => sum + places.length, 0) * SCREENSHOT_WIDTHS.length;
    console.log(`\n${count} screenshots in ${path.relative(root, outDir)}/ (open index.html).`);
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failed > 0) console.log(`${failed} screen(s) did not show as expected (marked in index.html).`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 2;
  },
);

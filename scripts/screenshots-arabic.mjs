// `npm run screenshots -- --arabic` (or `node scripts/screenshots-arabic.mjs`): the right-to-left
// layout in pictures (docs/decisions/0066-right-to-left.md), for a person to look at. Builds nothing:
// it starts the built product on a fresh demo school (scripts/built-server.mjs), sets the demo
// principal's, teacher's and parent's language to Arabic, and takes the public home, log-in and
// registration pages (/ar), the parent's dashboard and fees, the teacher's Today, the principal's
// dashboard and a dialog, at 375 and 1280 px, into .reports/screenshots-ar/<name>-<width>.png.
//
// Exit code: 0 when every picture was taken, 1 when a page did not show, 2 when nothing could be taken.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { demoAccounts, fromBuild, logIn, startBuiltServer } from './built-server.mjs';
import { CHROME_ARGS, resolveChromePath } from './chrome-path.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, '.reports/screenshots-ar');
const WIDTHS = [375, 1280];

/** Each picture: who is signed in (none: a visitor), where, and what to do before taking it. */
const SHOTS = [
  { name: 'home', who: undefined, href: '/ar' },
  { name: 'login', who: undefined, href: '/ar/login' },
  { name: 'registration', who: undefined, href: '/ar/registation' },
  { name: 'parent-dashboard', who: 'parent', href: '/dashboard' },
  { name: 'parent-fees', who: 'parent', href: '/fees' },
  { name: 'teacher-today', who: 'teacher', href: '/today' },
  { name: 'principal-dashboard', who: 'principal', href: '/dashboard' },
  {
    name: 'dialog-reject-registration',
    who: 'principal',
    href: '/approvals',
    // Rejecting a registration asks first, in a dialog (ConfirmDialog).
    before: async (page) => {
      await page.locator('main button.btn-outline-danger').first().click({ timeout: 20_000 });
      await page
        .locator('dialog[open], [role="dialog"], [role="alertdialog"]')
        .first()
        .waitFor({ timeout: 10_000 });
    },
  },
];

async function main() {
  const { SESSION_COOKIE, USER_TYPE } = await fromBuild('shared/constants.js');
  const { emails, password } = await demoAccounts();
  const server = await startBuiltServer();
  const browser = await chromium.launch({ executablePath: await resolveChromePath(), args: CHROME_ARGS });
  const problems = [];
  try {
    const tokens = {};
    for (const who of ['principal', 'teacher', 'parent']) {
      const token = await logIn(server.base, emails[USER_TYPE[who]], password);
      const chosen = await fetch(`${server.base}/api/users/language`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ language: 'ar' }),
      });
      if (!chosen.ok) throw new Error(`PUT users/language answered ${chosen.status} for the ${who}.`);
      tokens[who] = token;
    }
    fs.mkdirSync(outDir, { recursive: true });
    for (const width of WIDTHS) {
      for (const shot of SHOTS) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          reducedMotion: 'reduce',
        });
        if (shot.who) {
          await context.addCookies([{ name: SESSION_COOKIE, value: tokens[shot.who], url: server.base }]);
        }
        const page = await context.newPage();
        try {
          await page.goto(`${server.base}${shot.href}`, { waitUntil: 'networkidle', timeout: 60_000 });
          await page
            .locator('.page-fallback, [role="status"] .spinner-border, [aria-busy="true"]')
            .first()
            .waitFor({ state: 'detached', timeout: 20_000 });
          if (shot.before) await shot.before(page);
          const dir = await page.locator('html').getAttribute('dir');
          if (dir !== 'rtl') problems.push(`${shot.name} at ${width} px: dir="${dir}"`);
          await page.screenshot({
            path: path.join(outDir, `${shot.name}-${width}.png`),
            fullPage: !shot.before,
          });
        } catch (error) {
          problems.push(`${shot.name} at ${width} px: ${error instanceof Error ? error.message : error}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  for (const problem of problems) console.error(problem);
  console.log(
    `Screenshots in ${path.relative(root, outDir)}${problems.length ? `; ${problems.length} problems` : ''}.`,
  );
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);

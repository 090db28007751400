// Starts the built product (dist/node/server/main.js) as `npm start` would, for the scripts that
// measure it (`npm run audit:pages`, `npm run budget:js`): on a free port of 127.0.0.1 and a fresh
// temporary data folder, so the demo school is seeded, with DATABASE_URL and SMTP_URL dropped from the
// environment (SQLite in that folder, no mail leaves). Builds nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(root, 'dist/node/server/main.js');

/**
 * The built server on a fresh data folder, once `GET readyPath` answers 200 (60 s at most): the
 * readiness check by default, a page when the first measure must not pay for the server's warming up
 * (Lighthouse scores the first load it makes). `stop` ends the server and removes the folder. Throws,
 * with what to do, when there is no build.
 */
export async function startBuiltServer({ readyPath = '/api/ready' } = {}) {
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('No build: run `npm run build` first (in `npm test` the e2e step builds).');
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schoolyard-measure-'));
  const env = { ...process.env };
  // The demo school on SQLite in the fresh folder, whatever database or mail this shell points at.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode;
  const exited = new Promise((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // The server says it is ready only by answering, so it is asked every 200 ms.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`The server stopped before it answered (exit code ${exitCode}).`);
    }
    try {
      const response = await fetch(`${base}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('The server did not answer within 60 s.');
}

/**
 * A module of the built server or shared code (`dist/node/<file>`, e.g. `shared/constants.js`): the
 * contract and the demo school as built, so the measuring scripts need no TypeScript loader.
 */
export const fromBuild = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);

/**
 * One demo account of each type that has a school area (src/server/demo), read from the build, with
 * the demo's password. Throws when a school type has none, so a new type is not left unmeasured.
 */
export async function demoAccounts() {
  const { SCHOOL_TYPES, USER_TYPE } = await fromBuild('shared/constants.js');
  const { PARENT_EMAIL, PRINCIPAL, STUDENT_EMAIL, TEACHERS } = await fromBuild('server/demo/people.js');
  const { DEMO_PASSWORD } = await fromBuild('server/demo/index.js');
  const emails = {
    [USER_TYPE.principal]: PRINCIPAL.email,
    [USER_TYPE.teacher]: TEACHERS[0].email,
    [USER_TYPE.student]: STUDENT_EMAIL,
    [USER_TYPE.parent]: PARENT_EMAIL,
  };
  const missing = SCHOOL_TYPES.filter((type) => !emails[type]);
  if (missing.length > 0) throw new Error(`No demo account for ${missing.join(', ')}: add one here.`);
  return { emails, password: DEMO_PASSWORD };
}

/** Logs in through the API and answers the session token. */
export async function logIn(base, email, password) {
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`The log-in of ${email} answered ${response.status}.`);
  return /** @type {{ token: string }} */ (await response.json()).token;
}

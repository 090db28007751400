import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from './config.js';
import { DEMO_PASSWORD } from './demo/index.js';
import { DEMO_SUBSCRIBERS } from './demo/newsletter.js';
import { prepareApp } from './startup.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase, type TestEngine } from './test/databases.js';
import { type SmtpCapture, startSmtpCapture } from './test/smtp-capture.js';

/**
 * Several server processes on one database behind a load balancer
 * (docs/decisions/0034-several-processes.md): what one process does, the other sees at once, and
 * what must happen once happens once.
 */

const PRINCIPAL = 'principal@demo.school';
const TEACHER = 'teacher@demo.school';

/** The config of a start on `database` with the demo school asked for. */
function startConfig(database: TestDatabase, dataDir: string): Config {
  return {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'true', MAIL_POLL_MS: '0' }),
    database: database.config,
    webDistDir: path.join(dataDir, 'no-web-build'),
  };
}

const countUsers = async (database: TestDatabase) =>
  Number(
    (
      await database.db
        .selectFrom('app_user')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe.each(TEST_ENGINES)('starting on an empty %s database', (engine: TestEngine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrated: false });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('migrates and plants the demo school on the first start; a second start plants nothing', async () => {
    const first = await prepareApp(startConfig(database, path.join(database.dataDir, 'first')));
    await first.app.close();
    expect(first.demoLogins?.map((login) => login.email)).toContain(PRINCIPAL);
    const users = await countUsers(database);
    const second = await prepareApp(startConfig(database, path.join(database.dataDir, 'second')));
    await second.app.close();
    expect(second.demoLogins).toBeUndefined();
    expect(await countUsers(database)).toBe(users);
  });
});

// Several processes on one database are a PostgreSQL set-up: a SQLite file is one process's.
const SHARED_ENGINES = TEST_ENGINES.filter((engine) => engine === 'postgres');

describe.each(SHARED_ENGINES)('two starts at once on one empty %s database', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrated: false });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('migrate it once and plant the demo school once', async () => {
    const starts = await Promise.all(
      ['a', 'b'].map((name) => prepareApp(startConfig(database, path.join(database.dataDir, name)))),
    );
    for (const start of starts) {
      const ready = await start.app.inject({ url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
    }
    await Promise.all(starts.map((start) => start.app.close()));
    expect(starts.filter((start) => start.demoLogins !== undefined)).toHaveLength(1);
    const planted = starts.find((start) => start.demoLogins)?.demoLogins ?? [];
    // One row per demo user: the second start neither planted again nor failed half-way.
    const emails = await database.db.selectFrom('app_user').select('email').execute();
    expect(emails.length).toBeGreaterThanOrEqual(planted.length);
    expect(new Set(emails.map((row) => row.email)).size).toBe(emails.length);
  });
});

interface ServerProcess {
  name: string;
  child: ChildProcess;
  output(): { out: string; err: string };
  /** `http://127.0.0.1:<port>` once it runs. */
  base: string;
}

/** The real entry point, as `npm start` runs it, with its own data folder. */
function startServer(name: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  return { name, child, output: () => ({ out, err }), base: '' };
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** SIGTERM (a graceful drain), then SIGKILL for a process that has not gone after `graceMs`. */
async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = exited(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

describe.each(SHARED_ENGINES)('two server processes on one %s database', (engine) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrated: false });
    if (database.config.engine !== 'postgres') throw new Error('expected PostgreSQL');
    smtp = await startSmtpCapture();
    const env = (name: string) => ({
      DATABASE_URL: database.config.engine === 'postgres' ? database.config.url : '',
      DATA_DIR: path.join(database.dataDir, name),
      WEB_DIST_DIR: path.join(database.dataDir, 'no-web-build'),
      DEMO_DATA: 'true',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      PUBLIC_URL: 'https://school.test',
      // Uploads in the database, so each process serves what the other took (lib/file-store).
      FILE_STORE: 'database',
    });
    // Both at once on the empty database: one migrates and plants the demo school, the other waits.
    a = startServer('A', env('a'));
    b = startServer('B', env('b'));
    for (const server of [a, b]) {
      const port = await waitFor(() => {
        const { out, err } = server.output();
        if (server.child.exitCode !== null) throw new Error(`${server.name} exited: ${err}`);
        return /Schoolyard is running on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      }, `server ${server.name} to start`);
      server.base = `http://127.0.0.1:${port}`;
    }
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((server) => stop(server.child)));
    await smtp?.close();
    await database?.dispose();
  });

  const call = async (
    server: ServerProcess,
    url: string,
    options: { method?: string; token?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.base}${url}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  };

  const logIn = async (server: ServerProcess, email: string, password = DEMO_PASSWORD) => {
    const res = await call(server, '/api/users/login', { method: 'POST', body: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.json().token as string;
  };

  it('started both, planted the demo school once, and both are ready', async () => {
    const said = [a, b].filter((server) => server.output().out.includes('The demo school was created.'));
    expect(said).toHaveLength(1);
    const emails = await database.db.selectFrom('app_user').select('email').execute();
    expect(emails.map((row) => row.email)).toContain(PRINCIPAL);
    expect(new Set(emails.map((row) => row.email)).size).toBe(emails.length);
    for (const server of [a, b]) {
      const ready = await call(server, '/api/ready');
      expect(ready.status, ready.text).toBe(200);
      expect(ready.json().status).toBe('ready');
      expect(server.output().err).toBe('');
    }
    const homes = await Promise.all([a, b].map(async (server) => (await call(server, '/api/home')).text));
    expect(homes[0]).toBe(homes[1]);
  });

  it('serves a picture uploaded through one process from the other, and the demo pictures from both', async () => {
    const token = await logIn(a, PRINCIPAL);
    const picture = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#3a7' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'garden.png');
    form.append('alt', 'The school garden');
    const uploaded = await fetch(`${a.base}/api/admin/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const uploadText = await uploaded.text();
    expect(uploaded.status, uploadText).toBe(201);
    const image = JSON.parse(uploadText).data.image as string;

    const [fromA, fromB] = await Promise.all(
      [a, b].map((server) => fetch(`${server.base}/uploads/${image}`)),
    );
    expect(fromB?.status).toBe(200);
    expect(fromB?.headers.get('content-type')).toBe('image/webp');
    const bytesA = Buffer.from(await (fromA as Response).arrayBuffer());
    const bytesB = Buffer.from(await (fromB as Response).arrayBuffer());
    expect(bytesB.length).toBeGreaterThan(0);
    expect(bytesB.equals(bytesA)).toBe(true);
    expect(fromB?.headers.get('etag')).toBe(fromA?.headers.get('etag'));
    expect((await sharp(bytesB).metadata()).width).toBe(640);

    // The demo school's pictures, planted once in the database, are served by both.
    const home = (await call(b, '/api/home')).json();
    const demoImage = JSON.stringify(home).match(/demo\/[A-Za-z0-9._/-]+\.webp/)?.[0];
    expect(demoImage).toBeDefined();
    for (const server of [a, b]) {
      expect((await fetch(`${server.base}/uploads/${demoImage}`)).status, server.name).toBe(200);
    }
  });

  it('each answers with the load balancer’s request id, or a new one of its own', async () => {
    for (const server of [a, b]) {
      const kept = await fetch(`${server.base}/api/home`, {
        headers: { 'x-request-id': `lb-${server.name}.7` },
      });
      expect(kept.headers.get('x-request-id')).toBe(`lb-${server.name}.7`);
      const replaced = await fetch(`${server.base}/api/home`, { headers: { 'x-request-id': 'not an id' } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a log-in on A works on B, and a log-out on A ends the session on B', async () => {
    const token = await logIn(a, TEACHER);
    const onB = await call(b, '/api/users/profile', { token });
    expect(onB.status, onB.text).toBe(200);
    expect(onB.text).toContain(TEACHER);

    const out = await call(a, '/api/users/logout', { method: 'POST', token });
    expect(out.status).toBe(204);
    expect((await call(b, '/api/users/profile', { token })).status).toBe(401);
    expect((await call(a, '/api/users/profile', { token })).status).toBe(401);
  });

  it('a content edit through A shows on B’s public calls at once', async () => {
    // B has made and kept its answer before the edit.
    const before = await call(b, '/api/home');
    const record = before.json().data[0] as Record<string, unknown> & { id: number };
    expect((await call(b, '/api/home')).headers.get('etag')).toBe(before.headers.get('etag'));

    const token = await logIn(a, PRINCIPAL);
    const { id, images: _images, ...fields } = record;
    const heading = `Edited through A ${Date.now()}`;
    const edited = await call(a, `/api/admin/content/home/${id}`, {
      method: 'PUT',
      token,
      // No pictures: the demo's are files in the data folder of the process that planted it.
      body: { ...fields, heading, images: [] },
    });
    expect(edited.status, edited.text).toBe(200);

    const after = await call(b, '/api/home');
    expect(after.json().data[0].heading).toBe(heading);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('a notice sent through A arrives on B’s event stream', async () => {
    const parentToken = await logIn(b, 'parent@demo.school');
    const abort = new AbortController();
    const stream = await fetch(`${b.base}/api/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${parentToken}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The stream's first bytes: B listens from here on.
    text += decoder.decode((await reader.read()).value, { stream: true });

    const principal = await logIn(a, PRINCIPAL);
    const sent = await call(a, '/api/notification', {
      method: 'POST',
      token: principal,
      body: { everyone: true, notification: 'The garden opens at eight tomorrow.' },
    });
    expect(sent.status, sent.text).toBe(201);
    while (!text.includes('event: live')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    abort.abort();
    expect(text).toContain('event: live\ndata: {"kind":"notice","childId":null}\n\n');
  });

  it('a public form’s limit counts the sends through both', async () => {
    const enquiry = {
      name: 'Ada Parent',
      email: 'ada@example.org',
      subject: 'Visit',
      message: 'May we visit?',
    };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await call(server, '/api/enquiries', { method: 'POST', body: enquiry })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('the log-in throttle counts the failed passwords tried on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const server = i % 2 === 0 ? a : b;
      const body = { email: 'nobody@demo.school', password: `wrong-${i}` };
      statuses.push((await call(server, '/api/users/login', { method: 'POST', body })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('mail queued through either process goes out once, though both run their senders', async () => {
    const token = await logIn(b, PRINCIPAL);
    const newsletter = await call(a, '/api/admin/newsletters', {
      method: 'POST',
      token,
      body: { subject: 'Sports day', text: 'Sports day is on Friday.\n\nBring a hat.' },
    });
    expect(newsletter.status, newsletter.text).toBe(201);
    const reset = await call(b, '/api/users/password-reset', { method: 'POST', body: { email: TEACHER } });
    expect(reset.status, reset.text).toBe(202);

    const queued = await database.db.selectFrom('mail_outbox').select(['message_id', 'status']).execute();
    const confirmed = DEMO_SUBSCRIBERS.filter((subscriber) => subscriber.confirmed).length;
    expect(queued.length).toBeGreaterThanOrEqual(confirmed + 1);
    await waitFor(async () => {
      const rows = await database.db.selectFrom('mail_outbox').select('status').execute();
      return rows.every((row) => row.status === 'sent') || undefined;
    }, 'every queued mail to be sent');
    await smtp.waitFor(queued.length);

    // Each mail arrived once: one Message-ID per queued mail, none twice.
    const arrived = smtp.mails.map((mail) => mail.messageId).sort();
    expect(arrived).toEqual(queued.map((row) => row.message_id).sort());
  });
});

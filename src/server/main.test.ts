import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Answer, get, rawConnection } from './test/http-clients.js';
import { withTempDir } from './test-helpers.js';

/** Runs the real entry point (through tsx) as its own process, as `npm start` would. */
function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => { out: string; err: string };
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
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
  return { child, output: () => ({ out, err }) };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function waitFor(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The port of a started server; an empty school without the demo is set up first with the link it
 * printed (docs/decisions/0041-first-start-of-a-real-school.md), so that every page and call works.
 */
async function runningPort(server: ReturnType<typeof startServer>): Promise<number> {
  await waitFor(() => server.output().out.includes('Schoolyard is running on'), 'the server to start');
  const port = Number(/localhost:(\d+)/.exec(server.output().out)?.[1]);
  const token = /\/setup\?token=([\w-]+)/.exec(server.output().out)?.[1];
  if (token) {
    const res = await fetch(`http://127.0.0.1:${port}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token,
        schoolName: 'Test School',
        name: 'Ada Head',
        email: 'head@school.test',
        password: 'a-long-secret-1',
      }),
    });
    if (res.status !== 201) throw new Error(`set-up answered ${res.status}: ${await res.text()}`);
  }
  return port;
}

describe('starting the server', () => {
  const data = withTempDir('schoolyard-main-');

  it.each([
    [{ PORT: 'eighty' }, /^Bad configuration: PORT must be a number\.$/],
    [{ DATABASE_URL: 'mysql://localhost/school' }, /^Bad configuration: DATABASE_URL must be a postgres/],
    [{ SMTP_URL: 'http://x' }, /^Bad configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL /],
    [{ FILE_STORE: 's3' }, /^Bad configuration: FILE_STORE must be disk or database\.$/],
    [
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/school' },
      /^Cannot reach the database \(PostgreSQL at 127\.0\.0\.1:1\/school\)/,
    ],
  ])('refuses %j with one line and exit code 1', async (env, message) => {
    const { child, output } = startServer({ DATA_DIR: data.path, ...env });
    expect(await exitOf(child)).toBe(1);
    const err = output().err.trim();
    expect(err.split('\n')).toHaveLength(1);
    expect(err).toMatch(message);
  });

  it('refuses a port in use with one line and exit code 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const { child, output } = startServer({ DATA_DIR: data.path, PORT: String(port), DEMO_DATA: 'false' });
      expect(await exitOf(child)).toBe(1);
      expect(output().err.trim()).toBe(`Port ${port} is already in use; stop the other program or set PORT.`);
    } finally {
      blocker.close();
    }
  });

  it('creates the demo school once, prints its log-ins, and stops cleanly on SIGTERM', async () => {
    const demoDir = path.join(data.path, 'demo');
    const first = startServer({ DATA_DIR: demoDir, PORT: '0' });
    await waitFor(() => first.output().out.includes('Schoolyard is running on'), 'the first start');
    const { out } = first.output();
    expect(out).toContain('The demo school was created.');
    for (const email of [
      'principal@demo.school',
      'teacher@demo.school',
      'teacher2@demo.school',
      'student@demo.school',
      'student2@demo.school',
    ]) {
      expect(out).toContain(email);
    }
    const port = Number(/localhost:(\d+)/.exec(out)?.[1]);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);

    const second = startServer({ DATA_DIR: demoDir, PORT: '0' });
    await waitFor(() => second.output().out.includes('Schoolyard is running on'), 'the second start');
    expect(second.output().out).not.toContain('demo school was created');
    second.child.kill('SIGINT');
    expect(await exitOf(second.child)).toBe(0);
    // Two starts, the first planting the demo school (pictures, password hashes): each may take
    // waitFor's whole minute on a loaded machine.
  }, 120_000);
});

describe('starting a real school', () => {
  const data = withTempDir('schoolyard-real-');

  it('with PUBLIC_URL at a real address: no demo school, a one-time set-up link instead', async () => {
    const server = startServer({
      DATA_DIR: path.join(data.path, 'real'),
      PORT: '0',
      PUBLIC_URL: 'https://school.example',
    });
    try {
      await waitFor(() => server.output().out.includes('Schoolyard is running on'), 'the start');
      const { out } = server.output();
      expect(out).not.toContain('demo school was created');
      expect(out).not.toContain('principal@demo.school');
      expect(out).toMatch(/^ {2}https:\/\/school\.example\/setup\?token=[\w-]{43}$/m);
      const port = Number(/localhost:(\d+)/.exec(out)?.[1]);
      const home = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
      expect(home.status).toBe(303);
      expect(home.headers.get('location')).toBe('/setup');
    } finally {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }
  }, 60_000);

  it('warns that the demo passwords are public when DEMO_DATA=true at a real address', async () => {
    const server = startServer({
      DATA_DIR: path.join(data.path, 'trial'),
      PORT: '0',
      PUBLIC_URL: 'https://school.example',
      DEMO_DATA: 'true',
    });
    try {
      await waitFor(() => server.output().out.includes('Schoolyard is running on'), 'the start');
      const { out } = server.output();
      expect(out).toContain('The demo school was created.');
      expect(out).toMatch(
        /Warning: DEMO_DATA=true at https:\/\/school\.example: the demo school's passwords are published/,
      );
    } finally {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }
  }, 60_000);
});

describe('stopping the server', () => {
  const data = withTempDir('schoolyard-stop-');

  it('drains on SIGTERM: no reset and no 5xx on kept-alive connections, each closed after its last answer', async () => {
    const server = startServer({
      DATA_DIR: path.join(data.path, 'drain'),
      PORT: '0',
      DEMO_DATA: 'false',
      // Long enough for the health probe below to be sent after the drain is seen to start.
      SHUTDOWN_IDLE_GRACE_MS: '3000',
    });
    const port = await runningPort(server);
    const streamAgent = new http.Agent({ keepAlive: true, maxSockets: 6, scheduling: 'fifo' });
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A kept-alive connection for one readiness request during the drain, and one left idle.
      expect((await get(probeAgent, port, '/api/ready')).status).toBe(200);
      const idle = await get(idleAgent, port, '/api/home');
      expect(idle.connection).toBe('keep-alive');
      let idleClosedByServer = false;
      idle.socket.once('end', () => {
        idleClosedByServer = true;
      });
      const idleClosed = new Promise<void>((resolve) => idle.socket.once('close', () => resolve()));

      // The steady stream: six workers, each sending its next request as soon as it has an answer,
      // until a new connection is refused (the listener has closed).
      interface Outcome {
        urlPath: string;
        answer?: Answer;
        error?: string;
      }
      const outcomes: Outcome[] = [];
      const lastAnswerOf = new Map<net.Socket, Answer>();
      let signalled = false;
      let answeredAfterSignal = 0;
      let onDrainSeen: () => void = () => {};
      const drainSeen = new Promise<void>((resolve) => {
        onDrainSeen = resolve;
      });
      const worker = async (urlPath: string) => {
        for (let i = 0; i < 5_000; i++) {
          try {
            const answer = await get(streamAgent, port, urlPath);
            outcomes.push({ urlPath, answer });
            lastAnswerOf.set(answer.socket, answer);
            if (signalled) answeredAfterSignal++;
            if (answer.connection === 'close') onDrainSeen();
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code ?? String(error);
            outcomes.push({ urlPath, error: code });
            if (code === 'ECONNREFUSED') return;
          }
          if (!signalled && outcomes.length >= 200) {
            signalled = true;
            server.child.kill('SIGTERM');
          }
        }
      };
      const paths = ['/api/home', '/api/gallery', '/api/home', '/api/gallery', '/api/ready', '/api/health'];
      const stream = Promise.all(paths.map(worker));

      await Promise.race([drainSeen, stream]);
      const probe = await get(probeAgent, port, '/api/ready').catch((error: Error) => error);
      await stream;
      await idleClosed;
      expect(await exitOf(server.child)).toBe(0);

      // Not one request reset, refused only once the listener had closed, and no 5xx but readiness's.
      const errors = outcomes.filter((o) => o.error !== undefined).map((o) => `${o.urlPath}: ${o.error}`);
      expect(errors.filter((e) => !e.endsWith('ECONNREFUSED'))).toEqual([]);
      expect(errors).toHaveLength(paths.length);
      const serverErrors = outcomes.filter((o) => o.answer && o.answer.status >= 500);
      for (const { urlPath, answer } of serverErrors) {
        expect(urlPath).toBe('/api/ready');
        expect(answer?.status).toBe(503);
        expect(answer?.connection).toBe('close');
      }
      expect(answeredAfterSignal).toBeGreaterThan(0);
      // Every kept-alive connection of the stream ended with an answer that said Connection: close.
      expect(lastAnswerOf.size).toBeGreaterThan(0);
      for (const answer of lastAnswerOf.values()) expect(answer.connection).toBe('close');

      // Readiness said 503 during the drain, on a connection kept alive from before the signal; the
      // process was still alive (GET /api/health answered 200 throughout: no 5xx but readiness's).
      if (probe instanceof Error) throw probe;
      expect(probe.status).toBe(503);
      expect(probe.connection).toBe('close');
      expect(JSON.parse(probe.body)).toEqual({
        error: { code: 'SHUTTING_DOWN', message: expect.any(String) },
      });
      // The connection nobody used again was closed by the server, not left to the exit.
      expect(idleClosedByServer).toBe(true);
    } finally {
      for (const agent of [streamAgent, probeAgent, idleAgent]) agent.destroy();
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  it('closes the connections of clients that are silent or send a byte at a time', async () => {
    const server = startServer({
      DATA_DIR: path.join(data.path, 'slow'),
      PORT: '0',
      DEMO_DATA: 'false',
      HEADERS_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
      // Long, so that only the body's rate (BODY_MIN_RATE, 1000 bytes a second) can cut the body below.
      REQUEST_TIMEOUT_MS: '120000',
    });
    const port = await runningPort(server);
    const connections: ReturnType<typeof rawConnection>[] = [];
    try {
      const silent = rawConnection(port);
      const slowHeaders = rawConnection(port);
      slowHeaders.drip(
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`,
        100,
      );
      const slowBody = rawConnection(port);
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(300) });
      slowBody.socket.write(
        'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
      slowBody.drip(body, 100);
      const idle = rawConnection(port);
      idle.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      connections.push(silent, slowHeaders, slowBody, idle);

      // Each is closed by the server long before its request could be complete (20 s and more).
      await Promise.race([
        Promise.all(connections.map((c) => c.closed)),
        new Promise((resolve) => setTimeout(resolve, 20_000)),
      ]);
      for (const c of connections) expect(c.closedByServer).toBe(true);
      expect(slowHeaders.dripped).toBeLessThan(200);
      expect(slowBody.dripped).toBeLessThan(body.length);
      for (const c of [silent, slowHeaders, slowBody]) {
        if (c.received !== '') expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
      }
      expect(idle.received).toMatch(/^HTTP\/1\.1 200 /);

      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toBe(0);
    } finally {
      for (const c of connections) c.dispose();
      server.child.kill('SIGKILL');
    }
  }, 60_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

describe('starting the server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-main-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Bad configuration: PORT must be a number\.$/],
    [{ DATABASE_URL: 'mysql://localhost/school' }, /^Bad configuration: DATABASE_URL must be a postgres/],
    [
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/school' },
      /^Cannot reach the database \(PostgreSQL at 127\.0\.0\.1:1\/school\)/,
    ],
  ])('refuses %j with one line and exit code 1', async (env, message) => {
    const { child, output } = startServer({ DATA_DIR: dataDir, ...env });
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
      const { child, output } = startServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false' });
      expect(await exitOf(child)).toBe(1);
      expect(output().err.trim()).toBe(`Port ${port} is already in use; stop the other program or set PORT.`);
    } finally {
      blocker.close();
    }
  });

  it('creates the demo school once, prints its log-ins, and stops cleanly on SIGTERM', async () => {
    const demoDir = path.join(dataDir, 'demo');
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
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '../../db/connect.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { verifyPassword } from '../auth/password.js';

/** Runs `npm run create-principal` as its own process, as an operator would (through tsx). */
function run(args: string[], env: Record<string, string>, stdin?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/create-principal.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  child.stdin.end(stdin ?? '');
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe.each(TEST_ENGINES)('npm run create-principal on %s', (engine) => {
  let dataDir: string;
  let env: Record<string, string>;
  let database: TestDatabase | undefined;
  let db: Db;

  beforeAll(async () => {
    if (engine === 'sqlite') {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-cli-'));
      env = { DATA_DIR: dataDir };
    } else {
      database = await createTestDatabase('postgres');
      dataDir = database.dataDir;
      if (database.config.engine !== 'postgres') throw new Error('expected PostgreSQL');
      env = { DATA_DIR: dataDir, DATABASE_URL: database.config.url };
    }
  });
  afterAll(async () => {
    await db?.destroy();
    if (database) await database.dispose();
    else await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('creates an active Principle from a password on stdin, on a fresh database', async () => {
    const res = await run(
      ['--email', 'Head@School.example', '--name', 'Ada Head', '--password-stdin'],
      env,
      'first-principal-pw\nignored second line\n',
    );
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/^Created the principal Ada Head <Head@School\.example> \(id \d+\)/);

    db = await connectDatabase(
      engine === 'sqlite'
        ? { engine: 'sqlite', file: path.join(dataDir, 'schoolyard.sqlite') }
        : (database?.config ?? { engine: 'sqlite', file: ':memory:' }),
    );
    const user = await db
      .selectFrom('app_user')
      .selectAll()
      .where('email_key', '=', 'head@school.example')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ type: 'Principle', status: 'active', name: 'Ada Head', gender: 'Other' });
    expect(await verifyPassword(user.password_hash, 'first-principal-pw')).toBe(true);
  });

  it('refuses a taken email (any case) with one line and exit code 1', async () => {
    const res = await run(
      ['--email', 'head@school.EXAMPLE', '--name', 'Someone Else', '--password-stdin'],
      env,
      'another-password\n',
    );
    expect(res.code).toBe(1);
    expect(res.out).toBe('');
    expect(res.err).toBe('head@school.EXAMPLE is already registered; choose another email.\n');
  });

  it('ends a set-up that waits for its link: the principal is made another way', async () => {
    await db
      .insertInto('setup_token')
      .values({ token_hash: 'f'.repeat(64), created_at: new Date().toISOString() })
      .execute();
    const res = await run(
      ['--email', 'second@school.example', '--name', 'Bo Head', '--password-stdin'],
      env,
      'second-principal-pw\n',
    );
    expect(res.code).toBe(0);
    expect(await db.selectFrom('setup_token').selectAll().execute()).toEqual([]);
  });

  it.each([
    [['--name', 'No Mail', '--password-stdin'], 'long-enough-pw\n', /^--email: Please enter your email\.$/],
    [
      ['--email', 'not-an-email', '--name', 'X', '--password-stdin'],
      'long-enough-pw\n',
      /^--email: Please enter a valid email\.$/,
    ],
    [
      ['--email', 'a@b.example', '--password-stdin'],
      'long-enough-pw\n',
      /^--name: Please enter your name\.$/,
    ],
    [
      ['--email', 'a@b.example', '--name', 'X', '--password-stdin'],
      'short\n',
      /^password: The password must be at least 8 characters\.$/,
    ],
    [
      ['--email', 'a@b.example', '--name', 'X'],
      '',
      /^No terminal to ask for the password: pipe it in with --password-stdin\.$/,
    ],
    [['--email', 'a@b.example', '--name', 'X', '--bogus'], '', /^Unknown option '--bogus'.*\(see --help\)$/],
  ])('refuses %j with one clear line', async (args, stdin, message) => {
    const res = await run(args, env, stdin);
    expect(res.code).toBe(1);
    const lines = res.err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../shared/constants.js';
import { connectDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { userWithSession } from '../../test/school-fixtures.js';

/** Runs `npm run backup` / `npm run restore` as their own processes, as an operator would (through tsx). */
function run(cli: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${cli}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe.each(TEST_ENGINES)('npm run backup (SQLite) and npm run restore on %s', (engine) => {
  let sourceDir: string;
  let target: TestDatabase;
  let targetEnv: Record<string, string>;

  beforeAll(async () => {
    // The source: a school in DATA_DIR's default SQLite file, with a stored file.
    sourceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schoolyard-backup-cli-'));
    const db = await connectDatabase({ engine: 'sqlite', file: path.join(sourceDir, 'schoolyard.sqlite') });
    await migrateToLatest(db);
    await userWithSession(db, USER_TYPE.teacher, 'Tess Teacher');
    await db.destroy();
    await fs.mkdir(path.join(sourceDir, 'uploads', 'media'), { recursive: true });
    await fs.writeFile(path.join(sourceDir, 'uploads', 'media', 'picture.webp'), 'picture bytes');

    target = await createTestDatabase(engine);
    targetEnv =
      target.config.engine === 'postgres'
        ? { DATA_DIR: target.dataDir, DATABASE_URL: target.config.url }
        : { DATA_DIR: target.dataDir };
    if (target.config.engine === 'sqlite') {
      // The CLI reads DATA_DIR's default file; the test database is that file.
      await target.db.destroy();
      await fs.rename(target.config.file, path.join(target.dataDir, 'schoolyard.sqlite'));
    }
  });
  afterAll(async () => {
    await target.dispose();
    await fs.rm(sourceDir, { recursive: true, force: true });
  });

  it('backs up, restores, refuses a second restore, replaces with --replace and refuses a corrupt archive', async () => {
    const backup = await run('backup', [], { DATA_DIR: sourceDir });
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(
      /^Backed up SQLite at .*: \d+ tables, \d+ rows, 1 files, .* to .*backups\/schoolyard-our-school-\d{8}T\d{6}Z\.jsonl\.gz\n$/,
    );
    const [name] = await fs.readdir(path.join(sourceDir, 'backups'));
    const file = path.join(sourceDir, 'backups', name ?? '');

    const restored = await run('restore', [file], targetEnv);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(
      /^Restored Our School \(backed up .* from sqlite, schema .*\) into .*: \d+ rows in \d+ tables and 1 files, all checked/,
    );
    expect(await fs.readFile(path.join(target.dataDir, 'uploads', 'media', 'picture.webp'), 'utf8')).toBe(
      'picture bytes',
    );

    const again = await run('restore', [file], targetEnv);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/^The target database is not empty \(1 users\); .* --replace/);

    const replaced = await run('restore', [file, '--replace'], targetEnv);
    expect(replaced.err).toBe('');
    expect(replaced.code).toBe(0);

    const corrupt = path.join(sourceDir, 'corrupt.jsonl.gz');
    await fs.writeFile(corrupt, (await fs.readFile(file)).subarray(0, 100));
    const refused = await run('restore', [corrupt, '--replace'], targetEnv);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^Cannot restore: The archive is corrupt or cut short.* Nothing was changed\.\n$/,
    );

    const usage = await run('restore', [], targetEnv);
    expect(usage.code).toBe(1);
    expect(usage.err).toMatch(/Give exactly one FILE/);
  }, 120_000);
});

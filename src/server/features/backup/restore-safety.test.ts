import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, watch } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FileStoreKind } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { DatabaseFileStore } from '../../lib/file-store/database-file-store.js';
import { DiskFileStore } from '../../lib/file-store/disk-file-store.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, TEST_ENGINES } from '../../test/databases.js';
import { bearer, DEMO_USERS, logIn } from '../../test/school-fixtures.js';
import { ArchiveError } from './archive-format.js';
import { backupToFile } from './backup.js';
import { restoreArchive } from './restore.js';

/**
 * A failed restore changes nothing (docs/decisions/0036-restores-that-lose-nothing.md), on either
 * store: an archive that fails after its files were loaded leaves the target's stored files as
 * they were, byte for byte.
 */

const STORES: FileStoreKind[] = ['disk', 'database'];

/** The store a restore into `t` writes through: the database store on the restore's own connection. */
const restoreStoreOf = (t: TestApp, kind: FileStoreKind) =>
  kind === 'database'
    ? (db: Db): FileStore => new DatabaseFileStore(db)
    : (): FileStore => new DiskFileStore(path.join(t.dataDir, 'uploads'));

/** Every stored file of the store with the SHA-256 of its bytes. */
async function storedFiles(files: FileStore): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const info of files.list()) {
    const bytes = await files.read(info.path);
    result[info.path] = crypto
      .createHash('sha256')
      .update(bytes ?? Buffer.alloc(0))
      .digest('hex');
  }
  return result;
}

async function userCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n);
}

describe.each(TEST_ENGINES)('a failed restore on %s', (engine) => {
  describe.each(STORES)('with FILE_STORE=%s', (store) => {
    it('leaves every stored file byte-identical: cut before its manifest, a wrong row count, a later checksum', async () => {
      const source = await createTestApp(engine, { demo: true, fileStore: store });
      const target = await createTestApp(engine, { demo: true, fileStore: store });
      try {
        // Each school has a picture the other lacks, so the archive stores a new path too.
        await source.app.files.putBytes('media/only-in-source.webp', Buffer.from('source picture'));
        await target.app.files.putBytes('media/only-in-target.webp', Buffer.from('target picture'));
        const { file } = await backupToFile(
          { database: source.config, files: source.app.files },
          { dir: path.join(source.dataDir, 'backups') },
        );
        const lines = zlib
          .gunzipSync(await fs.readFile(file))
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== '');

        const noManifest = lines.slice(0, -1);
        const wrongCount = [...lines];
        const manifest = JSON.parse(wrongCount.at(-1) ?? '{}') as { tables: Record<string, number> };
        manifest.tables.app_user = (manifest.tables.app_user ?? 0) + 1;
        wrongCount[wrongCount.length - 1] = JSON.stringify(manifest);
        const badChecksum = [...lines];
        const lastData = badChecksum.findLastIndex((l) => l.startsWith('{"kind":"data"'));
        const chunk = JSON.parse(badChecksum[lastData] ?? '{}') as { b64: string };
        const flipped = Buffer.from(chunk.b64, 'base64');
        flipped[0] = (flipped[0] ?? 0) ^ 0xff;
        badChecksum[lastData] = JSON.stringify({ kind: 'data', b64: flipped.toString('base64') });

        const before = await storedFiles(target.app.files);
        expect(Object.keys(before)).toContain('media/only-in-target.webp');
        expect(Object.keys(before).length).toBeGreaterThan(5);
        const users = await userCount(target.db);

        for (const [what, variant, message] of [
          ['cut before its manifest', noManifest, /ends before its manifest/],
          ['a wrong row count', wrongCount, /app_user holds \d+ rows after loading/],
          ['a later checksum', badChecksum, /checksum/],
        ] as const) {
          const at = path.join(source.dataDir, `${what.replaceAll(' ', '-')}.jsonl.gz`);
          await fs.writeFile(at, zlib.gzipSync(`${variant.join('\n')}\n`));
          const error = await restoreArchive(
            at,
            { database: target.config, files: restoreStoreOf(target, store), dataDir: target.dataDir },
            { replace: true },
          ).catch((e: unknown) => e);
          expect((error as Error).message, what).toMatch(message);
          expect(await storedFiles(target.app.files), what).toEqual(before);
          expect(await userCount(target.db), what).toBe(users);
        }
      } finally {
        await target.dispose();
        await source.dispose();
      }
    }, 180_000);
  });
});

/** The lines of a fresh backup of `t` (gunzipped, without the empty last line). */
async function linesOf(t: TestApp): Promise<string[]> {
  const { file } = await backupToFile(
    { database: t.config, files: t.app.files },
    { dir: path.join(t.dataDir, 'backups') },
  );
  return zlib
    .gunzipSync(await fs.readFile(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
}

/** The archive's lines with one value of the first row of `table` changed. */
function withValue(lines: readonly string[], table: string, column: string, value: unknown): string[] {
  const start = lines.findIndex((l) => l.startsWith(`{"kind":"table","name":"${table}"`));
  if (start < 0) throw new Error(`no table ${table} in the archive`);
  const { columns } = JSON.parse(lines[start] ?? '') as { columns: string[] };
  const row = JSON.parse(lines[start + 1] ?? '') as unknown[];
  if (!Array.isArray(row)) throw new Error(`table ${table} has no rows in the archive`);
  row[columns.indexOf(column)] = value;
  const changed = [...lines];
  changed[start + 1] = JSON.stringify(row);
  return changed;
}

const entriesOf = (dir: string) => fs.readdir(dir).catch(() => [] as string[]);

describe.each(TEST_ENGINES)('a restore on %s checks what it loads', (engine) => {
  it('refuses a type-confused archive with one sentence, and the school it would have replaced answers as before', async () => {
    const source = await createTestApp(engine, { demo: true });
    const target = await createTestApp(engine, { demo: true });
    try {
      const lines = await linesOf(source);
      const before = await storedFiles(target.app.files);
      for (const [what, variant, message] of [
        [
          'an unknown user type',
          withValue(lines, 'app_user', 'type', 'Overlord'),
          /table app_user .* row 1: column type is not a known user type/,
        ],
        [
          'text in a money column',
          withValue(lines, 'payment', 'amount', 'a lot'),
          /table payment .* row 1: column amount is not a whole number \("a lot"\)/,
        ],
        ['a negative count', withValue(lines, 'payment', 'receipt_no', -3), /column receipt_no is negative/],
        [
          'a negative amount',
          withValue(lines, 'invoice_line', 'amount', -100),
          /column amount is not from 0 to/,
        ],
        ['marks out of range', withValue(lines, 'mark', 'marks', 101), /column marks is not from 0 to 100/],
        ['a null where none may be', withValue(lines, 'app_user', 'email', null), /column email is empty/],
        [
          'JSON that is not',
          withValue(lines, 'content_record', 'fields', '{not json'),
          /column fields is not a JSON object/,
        ],
        [
          'a malformed control line',
          lines.map((l) => (l.startsWith('{"kind":"table","name":"mark"') ? '{"kind":"table","name":7}' : l)),
          /holds a table line this Schoolyard cannot read/,
        ],
      ] as const) {
        const at = path.join(source.dataDir, 'hostile.jsonl.gz');
        await fs.writeFile(at, zlib.gzipSync(`${variant.join('\n')}\n`));
        const error = await restoreArchive(
          at,
          { database: target.config, files: restoreStoreOf(target, 'disk'), dataDir: target.dataDir },
          { replace: true },
        ).catch((e: unknown) => e);
        expect(error, what).toBeInstanceOf(ArchiveError);
        expect((error as Error).message, what).toMatch(message);
        // One sentence: no stack, no second line.
        expect((error as Error).message, what).not.toMatch(/\n/);
      }
      expect(await storedFiles(target.app.files)).toEqual(before);
      const token = await logIn(target.app, DEMO_USERS.principal);
      for (const url of ['/api/users', '/api/result', '/api/admin/fees/overview', '/api/home']) {
        const res = await target.app.inject({ url, headers: bearer(token) });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    } finally {
      await target.dispose();
      await source.dispose();
    }
  }, 180_000);

  it('stops a file that holds more than it declares within its declared size (50 MB of zeros declared as 1 KB)', async () => {
    const source = await createTestApp(engine);
    const target = await createTestApp(engine);
    try {
      const lines = await linesOf(source);
      const at = path.join(source.dataDir, 'zeros.jsonl.gz');
      // Written as a stream: 50 MB of zeros become about 70 KB of gzip.
      const gzip = zlib.createGzip();
      const out = gzip.pipe(createWriteStream(at));
      const write = (line: string) =>
        new Promise<void>((resolve) => (gzip.write(`${line}\n`) ? resolve() : gzip.once('drain', resolve)));
      for (const line of lines.slice(0, -1)) await write(line);
      await write(JSON.stringify({ kind: 'file', path: 'media/zeros.webp', size: 1024 }));
      const zeros = JSON.stringify({ kind: 'data', b64: Buffer.alloc(48 * 1024).toString('base64') });
      for (let n = 0; n < 1_067; n += 1) await write(zeros);
      await write(JSON.stringify({ kind: 'file-end', path: 'media/zeros.webp', sha256: '0'.repeat(64) }));
      await write(lines.at(-1) ?? '');
      gzip.end();
      await once(out, 'finish');
      expect((await fs.stat(at)).size).toBeLessThan(1_000_000);

      const error = await restoreArchive(
        at,
        {
          database: target.config,
          files: restoreStoreOf(target, 'disk'),
          dataDir: target.dataDir,
        },
        { replace: true },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArchiveError);
      expect((error as Error).message).toBe(
        "The archive's file media/zeros.webp holds more than the 1024 bytes it declares: the archive is damaged.",
      );
      // The temporary folder is gone, and nothing reached the store.
      expect((await entriesOf(target.dataDir)).filter((name) => name.startsWith('restore-'))).toEqual([]);
      expect(await target.app.files.stat('media/zeros.webp')).toBeUndefined();
    } finally {
      await target.dispose();
      await source.dispose();
    }
  }, 180_000);
});

/** Runs `npm run restore` as its own process (through tsx), as an operator would. */
function startRestore(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/restore.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }>(
    (resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal, err }));
    },
  );
  return { child, exited };
}

/** Resolves once `check` holds, looking whenever the folder changes (and now and then, in case an event is missed). */
async function until(dir: string, check: () => Promise<boolean>): Promise<void> {
  const watcher = watch(dir, { recursive: true });
  try {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`gave up waiting in ${dir}`);
      await Promise.race([once(watcher, 'change'), new Promise((resolve) => setTimeout(resolve, 250))]);
    }
  } finally {
    watcher.close();
  }
}

describe.each(TEST_ENGINES)('npm run restore on %s, interrupted', (engine) => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'by %s part-way, rolls back and removes its temporary folder',
    async (signal) => {
      const source = await createTestApp(engine, { demo: true });
      const target = await createTestDatabase(engine);
      const dataDir = await fs.mkdtemp(path.join(target.dataDir, 'cli-'));
      try {
        const lines = await linesOf(source);
        // The archive comes through a pipe, up to the first chunk of its first file; then the pipe waits.
        const firstData = lines.findIndex((l) => l.startsWith('{"kind":"data"'));
        const fifo = path.join(source.dataDir, 'archive.pipe');
        execFileSync('mkfifo', [fifo]);
        const env: Record<string, string> =
          target.config.engine === 'postgres'
            ? { DATA_DIR: dataDir, DATABASE_URL: target.config.url }
            : { DATA_DIR: dataDir };
        const { child, exited } = startRestore([fifo], env);
        const pipe = createWriteStream(fifo);
        pipe.write(zlib.gzipSync(`${lines.slice(0, firstData + 1).join('\n')}\n`));
        // The restore has loaded the rows and is writing the first file into its temporary folder.
        await until(dataDir, async () => {
          const incoming = (await entriesOf(dataDir)).find((name) => name.startsWith('restore-'));
          return incoming !== undefined && (await entriesOf(path.join(dataDir, incoming))).length > 0;
        });
        child.kill(signal);
        const { signal: endedBy, err } = await exited;
        pipe.destroy();
        expect(err).toBe(`Restore interrupted (${signal}): nothing was changed.\n`);
        // It cleans up, then ends by the signal, as an interrupted command does (the shell says 130 or 143).
        expect(endedBy).toBe(signal);
        expect((await entriesOf(dataDir)).filter((name) => name.startsWith('restore-'))).toEqual([]);
        const uploads = await fs
          .readdir(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true })
          .catch(() => []);
        expect(uploads.filter((e) => e.isFile())).toEqual([]);
        if (target.config.engine === 'postgres') {
          const users = await target.db
            .selectFrom('app_user')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst();
          expect(Number(users?.n)).toBe(0);
        }
      } finally {
        await target.dispose();
        await source.dispose();
      }
    },
    120_000,
  );
});

describe.each(TEST_ENGINES)('an encrypted backup (BACKUP_PASSPHRASE) on %s', (engine) => {
  it('restores with its passphrase; without it, with a wrong one or damaged, it is refused and nothing changes', async () => {
    const source = await createTestApp(engine, { demo: true });
    const target = await createTestApp(engine);
    try {
      const passphrase = 'correct horse battery staple';
      const { file } = await backupToFile(
        { database: source.config, files: source.app.files, passphrase },
        { dir: path.join(source.dataDir, 'backups') },
      );
      expect(file).toMatch(/\.jsonl\.gz\.enc$/);
      const bytes = await fs.readFile(file);
      // Nothing of the school can be read from it.
      expect(() => zlib.gunzipSync(bytes)).toThrow();
      expect(bytes.includes(Buffer.from('principal@demo.school'))).toBe(false);
      const into = (at: string, options: { passphrase?: string } = {}) =>
        restoreArchive(
          at,
          { database: target.config, files: restoreStoreOf(target, 'disk'), dataDir: target.dataDir },
          options,
        ).catch((e: unknown) => e);
      const flipped = Buffer.from(bytes);
      const middle = Math.floor(flipped.length / 2);
      flipped[middle] = (flipped[middle] ?? 0) ^ 1;
      const variant = async (name: string, data: Buffer) => {
        const at = path.join(source.dataDir, name);
        await fs.writeFile(at, data);
        return at;
      };
      for (const [what, at, passphraseGiven, message] of [
        ['no passphrase', file, undefined, /This backup is encrypted: give its passphrase/],
        [
          'a wrong one',
          file,
          'wrong horse battery staple',
          /The passphrase does not open this encrypted backup\./,
        ],
        ['a flipped bit', await variant('flipped.enc', flipped), passphrase, /damaged or cut short/],
        [
          'cut short',
          await variant('cut.enc', bytes.subarray(0, bytes.length - 100)),
          passphrase,
          /damaged or cut short/,
        ],
      ] as const) {
        const error = await into(at, { passphrase: passphraseGiven });
        expect(error, what).toBeInstanceOf(ArchiveError);
        expect((error as Error).message, what).toMatch(message);
        expect(await userCount(target.db), what).toBe(0);
      }
      const result = (await into(file, { passphrase })) as { tables: Record<string, number> };
      expect(result.tables.app_user).toBe(await userCount(source.db));
    } finally {
      await target.dispose();
      await source.dispose();
    }
  }, 180_000);
});

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../../test/databases.js';
import { DatabaseFileStore } from './database-file-store.js';
import { DiskFileStore } from './disk-file-store.js';
import { BadFilePathError, FileExistsError, type FileStore } from './file-store.js';

/** Every store the app can run on: the disk folder, and the database on each test engine. */
const STORES = [
  { name: 'the disk store', engine: 'sqlite' as const, kind: 'disk' as const },
  ...TEST_ENGINES.map((engine) => ({
    name: `the database store on ${engine}`,
    engine,
    kind: 'database' as const,
  })),
];

const bytesOf = (value: string) => new Uint8Array(Buffer.from(value));
const collect = async (files: FileStore) => {
  const paths: string[] = [];
  for await (const file of files.list()) paths.push(file.path);
  return paths;
};

describe.each(STORES)('$name', ({ engine, kind }) => {
  let t: TestDatabase;
  let files: FileStore;
  /** A fresh folder per case under the test's data folder. */
  let folderCount = 0;
  const folder = () => `f${++folderCount}`;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    files =
      kind === 'disk' ? new DiskFileStore(path.join(t.dataDir, 'uploads')) : new DatabaseFileStore(t.db);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('stores bytes and answers their facts, stream and bytes', async () => {
    const stored = `${folder()}/hello.webp`;
    const before = Date.now();
    await files.putBytes(stored, bytesOf('hello, world'));
    const info = await files.stat(stored);
    expect(info).toMatchObject({ path: stored, size: 12 });
    // Whole seconds at least: a file system may keep coarser times than the clock.
    expect(info?.storedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    if (kind === 'database') {
      expect(info?.sha256).toBe(crypto.createHash('sha256').update('hello, world').digest('hex'));
    }
    expect((await files.read(stored))?.toString()).toBe('hello, world');
    const opened = await files.open(stored);
    expect(opened?.info).toEqual(info);
    expect(opened && (await text(opened.body))).toBe('hello, world');
  });

  it('stores a local file, leaving the source in place', async () => {
    const source = path.join(t.dataDir, `source-${folder()}.webp`);
    const bytes = crypto.randomBytes(64 * 1024);
    await fs.writeFile(source, bytes);
    const stored = `${folder()}/from-file.webp`;
    await files.putFile(stored, source);
    expect((await files.read(stored))?.equals(bytes)).toBe(true);
    expect((await fs.readFile(source)).equals(bytes)).toBe(true);
    expect((await files.stat(stored))?.size).toBe(bytes.length);
  });

  it('tells a missing source by ENOENT (an upload whose client left)', async () => {
    await expect(
      files.putFile(`${folder()}/gone.webp`, path.join(t.dataDir, 'no-such-file')),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never replaces a stored file', async () => {
    const stored = `${folder()}/once.webp`;
    await files.putBytes(stored, bytesOf('first'));
    await expect(files.putBytes(stored, bytesOf('second'))).rejects.toBeInstanceOf(FileExistsError);
    const source = path.join(t.dataDir, `other-${folder()}.webp`);
    await fs.writeFile(source, 'third');
    await expect(files.putFile(stored, source)).rejects.toBeInstanceOf(FileExistsError);
    expect((await files.read(stored))?.toString()).toBe('first');
  });

  it('lets one of two puts on the same path win at the same time, whole', async () => {
    const stored = `${folder()}/race.webp`;
    const one = crypto.randomBytes(256 * 1024);
    const two = crypto.randomBytes(256 * 1024);
    const results = await Promise.allSettled([files.putBytes(stored, one), files.putBytes(stored, two)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(FileExistsError);
    const kept = await files.read(stored);
    const winner = results[0]?.status === 'fulfilled' ? one : two;
    expect(kept?.equals(winner)).toBe(true);
  });

  it('answers nothing for a missing file', async () => {
    const stored = `${folder()}/missing.webp`;
    expect(await files.stat(stored)).toBeUndefined();
    expect(await files.open(stored)).toBeUndefined();
    expect(await files.read(stored)).toBeUndefined();
  });

  it('refuses paths that are not stored paths, and finds nothing at them', async () => {
    const bad = [
      '',
      '/abs.webp',
      '../up.webp',
      'a/../b.webp',
      'a//b.webp',
      '.hidden',
      'a/.b',
      'a\\b.webp',
      'a b.webp',
      'a/',
    ];
    for (const stored of bad) {
      await expect(files.putBytes(stored, bytesOf('x')), stored).rejects.toBeInstanceOf(BadFilePathError);
      expect(await files.stat(stored), stored).toBeUndefined();
      expect(await files.read(stored), stored).toBeUndefined();
      expect(await files.open(stored), stored).toBeUndefined();
    }
    const source = path.join(t.dataDir, `bad-${folder()}.webp`);
    await fs.writeFile(source, 'x');
    await expect(files.putFile('../escape.webp', source)).rejects.toBeInstanceOf(BadFilePathError);
    // Nothing escaped the store's folder.
    await expect(fs.stat(path.join(t.dataDir, 'escape.webp'))).rejects.toThrow();
  });

  it('removes files, a missing or bad path being fine', async () => {
    const dir = folder();
    await files.putBytes(`${dir}/a.webp`, bytesOf('a'));
    await files.putBytes(`${dir}/b.webp`, bytesOf('b'));
    await files.remove([`${dir}/a.webp`, `${dir}/never.webp`, '../x', '']);
    expect(await files.stat(`${dir}/a.webp`)).toBeUndefined();
    expect(await files.stat(`${dir}/b.webp`)).toBeDefined();
    // A removed path may be stored again.
    await files.putBytes(`${dir}/a.webp`, bytesOf('again'));
    expect((await files.read(`${dir}/a.webp`))?.toString()).toBe('again');
    await files.remove([`${dir}/a.webp`, `${dir}/b.webp`]);
  });

  it('lists every file once, in a stable order, with its facts', async () => {
    // A store of its own so the other cases' files do not count.
    const own = await createTestDatabase(engine);
    try {
      const store: FileStore =
        kind === 'disk'
          ? new DiskFileStore(path.join(own.dataDir, 'uploads'))
          : new DatabaseFileStore(own.db, { pageSize: 2 });
      expect(await collect(store)).toEqual([]);
      const expected = ['a.webp', 'b/c.webp', 'b/d-400.webp', 'b/d-800.webp', 'care/x.webp', 'z.png'];
      for (const stored of [...expected].reverse()) await store.putBytes(stored, bytesOf(stored));
      expect(await collect(store)).toEqual(expected);
      expect(await collect(store)).toEqual(expected);
      const listed = [];
      for await (const file of store.list()) listed.push(file);
      for (const file of listed) expect(file).toEqual(await store.stat(file.path));
      expect(listed.map((f) => f.size)).toEqual(expected.map((p) => p.length));
      // Exactly a page's worth and one page more: the last page is neither lost nor repeated.
      await store.remove(['z.png', 'care/x.webp']);
      expect(await collect(store)).toEqual(expected.slice(0, 4));
    } finally {
      await own.dispose();
    }
  });
});

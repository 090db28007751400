import crypto from 'node:crypto';
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
import { TEST_ENGINES } from '../../test/databases.js';
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

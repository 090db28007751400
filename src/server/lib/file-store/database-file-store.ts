import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Db } from '../../db/connect.js';
import {
  checkStoredFilePath,
  FileExistsError,
  type FileStore,
  isStoredFilePath,
  type StoredFileInfo,
} from './file-store.js';

/** How many paths one page of list() reads: facts only, never the bytes. */
const LIST_PAGE = 200;
/** How many paths one delete names (the `in` list stays short on both engines). */
const REMOVE_BATCH = 100;

/**
 * Stored files as rows of the `stored_file` table (FILE_STORE=database): every server process on
 * the same database sees every file, whichever process stored it. Files are pictures of a few MB
 * at most, so a file is read into memory whole to be stored or sent; listing pages through the
 * paths without the bytes. The path is the primary key and an insert on a taken path does
 * nothing, so a file is never replaced, even when two processes store the same path at once.
 */
export class DatabaseFileStore implements FileStore {
  readonly kind = 'database' as const;
  private readonly pageSize: number;

  constructor(
    private readonly db: Db,
    options: { pageSize?: number } = {},
  ) {
    this.pageSize = options.pageSize ?? LIST_PAGE;
  }

  async putFile(stored: string, source: string): Promise<void> {
    checkStoredFilePath(stored);
    // A missing source throws ENOENT as on disk: callers tell an abandoned upload by it.
    await this.putBytes(stored, await fs.readFile(source));
  }

  async putBytes(stored: string, bytes: Uint8Array): Promise<void> {
    checkStoredFilePath(stored);
    const buffer = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const result = await this.db
      .insertInto('stored_file')
      .values({
        path: stored,
        bytes: buffer,
        size: buffer.byteLength,
        sha256: crypto.createHash('sha256').update(buffer).digest('hex'),
        stored_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.column('path').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new FileExistsError(stored);
  }

  async stat(stored: string): Promise<StoredFileInfo | undefined> {
    if (!isStoredFilePath(stored)) return undefined;
    const row = await this.db
      .selectFrom('stored_file')
      .select(['path', 'size', 'sha256', 'stored_at'])
      .where('path', '=', stored)
      .executeTakeFirst();
    return row && infoOf(row);
  }

  async open(stored: string): Promise<{ info: StoredFileInfo; body: Readable } | undefined> {
    const file = await this.fetch(stored);
    if (!file) return undefined;
    return { info: file.info, body: Readable.from([file.bytes]) };
  }

  async read(stored: string): Promise<Buffer | undefined> {
    return (await this.fetch(stored))?.bytes;
  }

  private async fetch(stored: string): Promise<{ info: StoredFileInfo; bytes: Buffer } | undefined> {
    if (!isStoredFilePath(stored)) return undefined;
    const row = await this.db
      .selectFrom('stored_file')
      .select(['path', 'bytes', 'size', 'sha256', 'stored_at'])
      .where('path', '=', stored)
      .executeTakeFirst();
    return row && { info: infoOf(row), bytes: Buffer.from(row.bytes) };
  }

  async remove(paths: readonly string[]): Promise<void> {
    const valid = [...new Set(paths.filter(isStoredFilePath))];
    for (let i = 0; i < valid.length; i += REMOVE_BATCH) {
      await this.db
        .deleteFrom('stored_file')
        .where('path', 'in', valid.slice(i, i + REMOVE_BATCH))
        .execute()
        .catch(() => {});
    }
  }

  async *list(): AsyncIterable<StoredFileInfo> {
    let after: string | undefined;
    for (;;) {
      let query = this.db
        .selectFrom('stored_file')
        .select(['path', 'size', 'sha256', 'stored_at'])
        .orderBy('path')
        .limit(this.pageSize);
      if (after !== undefined) query = query.where('path', '>', after);
      const rows = await query.execute();
      for (const row of rows) yield infoOf(row);
      const last = rows.at(-1);
      if (!last || rows.length < this.pageSize) return;
      after = last.path;
    }
  }
}

function infoOf(row: { path: string; size: number; sha256: string; stored_at: string }): StoredFileInfo {
  return { path: row.path, size: Number(row.size), storedAt: new Date(row.stored_at), sha256: row.sha256 };
}

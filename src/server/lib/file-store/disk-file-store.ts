import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  checkStoredFilePath,
  FileExistsError,
  type FileStore,
  isStoredFilePath,
  type StoredFileInfo,
} from './file-store.js';

/**
 * Stored files as files under one folder (`DATA_DIR/uploads`): the default for one server.
 * A file is placed by a hard link from its source (same filesystem: nothing is copied, and like
 * the `wx` flag a link never replaces a file), or copied where links are not possible.
 */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;

  constructor(readonly root: string) {}

  private fileOf(stored: string): string {
    return path.join(this.root, ...checkStoredFilePath(stored).split('/'));
  }

  async putFile(stored: string, source: string): Promise<void> {
    const target = this.fileOf(stored);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new FileExistsError(stored);
      if (code === 'ENOENT') throw error;
      try {
        await fs.copyFile(source, target, fs.constants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExistsError(stored);
        throw copyError;
      }
    }
  }

  async putBytes(stored: string, bytes: Uint8Array): Promise<void> {
    const target = this.fileOf(stored);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.writeFile(target, bytes, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExistsError(stored);
      throw error;
    }
  }

  async stat(stored: string): Promise<StoredFileInfo | undefined> {
    if (!isStoredFilePath(stored)) return undefined;
    try {
      // lstat: a link placed in the folder by hand is not one of our files.
      const facts = await fs.lstat(this.fileOf(stored));
      if (!facts.isFile()) return undefined;
      return { path: stored, size: facts.size, storedAt: facts.mtime };
    } catch {
      return undefined;
    }
  }

  async open(stored: string) {
    const info = await this.stat(stored);
    if (!info) return undefined;
    return { info, body: createReadStream(this.fileOf(stored)) };
  }

  async read(stored: string): Promise<Buffer | undefined> {
    if (!(await this.stat(stored))) return undefined;
    try {
      return await fs.readFile(this.fileOf(stored));
    } catch {
      return undefined;
    }
  }

  async remove(paths: readonly string[]): Promise<void> {
    await Promise.all(
      paths
        .filter(isStoredFilePath)
        .map((stored) => fs.rm(this.fileOf(stored), { force: true }).catch(() => {})),
    );
  }

  async *list(): AsyncIterable<StoredFileInfo> {
    yield* this.walk('');
  }

  private async *walk(folder: string): AsyncGenerator<StoredFileInfo> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(this.root, ...folder.split('/').filter(Boolean)), {
        withFileTypes: true,
      });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const stored = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (!isStoredFilePath(stored)) continue;
      if (entry.isDirectory()) yield* this.walk(stored);
      else if (entry.isFile()) {
        const info = await this.stat(stored);
        if (info) yield info;
      }
    }
  }
}

import type { Readable } from 'node:stream';

/**
 * Where the school's stored files live (uploaded pictures, the demo school's pictures): behind
 * this one small interface, so the same code runs with files on the local disk (one server, the
 * default) or in the database (`FILE_STORE=database`: a group of servers on one PostgreSQL sees
 * every upload, whichever process took it).
 *
 * A file is named by its stored path: a relative, slash-separated path such as
 * `media/3f2c….webp` (the value kept in the database and served at `/uploads/<path>`). A path is
 * written once and never replaced; files are removed, never changed.
 */
export interface FileStore {
  /** What keeps the bytes: 'disk' (a folder) or 'database' (a table of the school's database). */
  readonly kind: 'disk' | 'database';

  /**
   * Stores the local file `source` as `path`. Throws FileExistsError when the path is taken, so a
   * file is never replaced. The source is left in place (its owner removes it).
   */
  putFile(path: string, source: string): Promise<void>;

  /** Stores `bytes` as `path`; like putFile, never replaces. */
  putBytes(path: string, bytes: Uint8Array): Promise<void>;

  /** The file's facts, or undefined when there is no such file. */
  stat(path: string): Promise<StoredFileInfo | undefined>;

  /** The file's bytes as a stream with its facts, or undefined when there is no such file. */
  open(path: string): Promise<{ info: StoredFileInfo; body: Readable } | undefined>;

  /** The file's bytes, or undefined when there is no such file. */
  read(path: string): Promise<Buffer | undefined>;

  /** Removes the files, best effort: a missing file is fine. */
  remove(paths: readonly string[]): Promise<void>;

  /** Every stored file, each once, in a stable order (backups walk this). */
  list(): AsyncIterable<StoredFileInfo>;
}

export interface StoredFileInfo {
  path: string;
  /** Size in bytes. */
  size: number;
  /** When the file was stored. */
  storedAt: Date;
  /** Hex SHA-256 of the bytes, where the store keeps it (database); the file's ETag then. */
  sha256?: string;
}

/** The path is taken: stored files are never replaced. */
export class FileExistsError extends Error {
  constructor(readonly path: string) {
    super(`A stored file already exists at ${path}.`);
    this.name = 'FileExistsError';
  }
}

/** The path is not a stored file's path (absolute, `..`, empty parts, odd characters). */
export class BadFilePathError extends Error {
  constructor(readonly path: string) {
    super(`Not a stored file path: ${JSON.stringify(path)}.`);
    this.name = 'BadFilePathError';
  }
}

// Relative, slash-separated, each part starting with a letter or digit: no `..`, no hidden files,
// no backslashes, so a path means the same on every store and every operating system.
const PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Whether `path` is a stored file's path (see FileStore). */
export function isStoredFilePath(path: string): boolean {
  if (path.length === 0 || path.length > 512) return false;
  return path.split('/').every((part) => PART.test(part));
}

/** Throws BadFilePathError unless `path` is a stored file's path. */
export function checkStoredFilePath(path: string): string {
  if (!isStoredFilePath(path)) throw new BadFilePathError(path);
  return path;
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  PassThrough,
  pipeline as pipelineWithCallback,
  type Readable,
  type Transform,
  type Writable,
} from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { DatabaseConfig } from '../../config.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { createEncryptStream, ENCRYPTED_EXTENSION } from './archive-encryption.js';
import {
  APP_NAME,
  ARCHIVE_EXTENSION,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveHeader,
  type ArchiveManifest,
  encodeValue,
  FILE_CHUNK_BYTES,
  LineWriter,
} from './archive-format.js';
import { openSnapshot, type Snapshot } from './snapshot.js';

/**
 * Writes the whole school as one archive (archive-format.ts) to `out`, uncompressed lines; the
 * callers gzip it. Rows come from one snapshot (snapshot.ts); then every stored file.
 */
export async function writeArchive(
  snapshot: Snapshot,
  files: FileStore,
  out: Writable,
): Promise<ArchiveManifest> {
  const lines = new LineWriter(out);
  const header: ArchiveHeader = {
    kind: 'header',
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    app: APP_NAME,
    schemaVersion: snapshot.schemaVersion,
    engine: snapshot.engine,
    createdAt: new Date().toISOString(),
    school: snapshot.school,
  };
  await lines.write(header);
  const tables: Record<string, number> = {};
  for (const { name, columns } of snapshot.tables) {
    await lines.write({ kind: 'table', name, columns });
    let rows = 0;
    for await (const row of snapshot.rows(name)) {
      await lines.write(row.map(encodeValue));
      rows += 1;
    }
    await lines.write({ kind: 'table-end', name, rows });
    tables[name] = rows;
  }
  const stored: ArchiveManifest['files'] = [];
  for await (const info of files.list()) {
    const opened = await files.open(info.path);
    // Removed since it was listed (a deleted picture): its row is gone from later snapshots too.
    if (!opened) continue;
    await lines.write({ kind: 'file', path: info.path, size: opened.info.size });
    const hash = crypto.createHash('sha256');
    let size = 0;
    for await (const chunk of rechunk(opened.body)) {
      hash.update(chunk);
      size += chunk.length;
      await lines.write({ kind: 'data', b64: chunk.toString('base64') });
    }
    const sha256 = hash.digest('hex');
    await lines.write({ kind: 'file-end', path: info.path, sha256 });
    stored.push({ path: info.path, size, sha256 });
  }
  const { kind: _kind, ...facts } = header;
  const manifest: ArchiveManifest = { kind: 'manifest', ...facts, tables, files: stored };
  await lines.write(manifest);
  await lines.flush();
  return manifest;
}

/** The stream's bytes in pieces of at most FILE_CHUNK_BYTES. */
async function* rechunk(body: Readable): AsyncGenerator<Buffer> {
  for await (const piece of body) {
    const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    for (let at = 0; at < buffer.length; at += FILE_CHUNK_BYTES)
      yield buffer.subarray(at, at + FILE_CHUNK_BYTES);
  }
}

export interface BackupSource {
  database: DatabaseConfig;
  files: FileStore;
  /** BACKUP_PASSPHRASE: when set, the archive is encrypted with it (archive-encryption.ts). */
  passphrase?: string;
}

/** The stages after the archive's lines: gzip, then encryption when there is a passphrase. */
async function packing(passphrase: string | undefined): Promise<Transform[]> {
  return passphrase ? [zlib.createGzip(), await createEncryptStream(passphrase)] : [zlib.createGzip()];
}

/**
 * The archive as a gzip'd stream, for a download. Errors end the stream with the error (the
 * download is then cut short, and a cut archive has no manifest, so restore refuses it).
 */
export async function backupStream(
  source: BackupSource,
): Promise<{ stream: Readable; fileName: string; encrypted: boolean; done: Promise<ArchiveManifest> }> {
  const stages = await packing(source.passphrase);
  const snapshot = await openSnapshot(source.database);
  const lines = new PassThrough();
  const stream = stages.at(-1) as Transform;
  // Either end going away ends the other: a client that hangs up stops the backup (and its
  // snapshot's transaction) instead of leaving it waiting for room in a stream nobody reads.
  pipelineWithCallback([lines, ...stages], () => {});
  const done = writeArchive(snapshot, source.files, lines)
    .then((manifest) => {
      lines.end();
      return manifest;
    })
    .catch((error: unknown) => {
      lines.destroy(error as Error);
      throw error;
    })
    .finally(() => snapshot.close());
  // The caller may never look at `done`; its failure already ended the stream.
  done.catch(() => {});
  const encrypted = source.passphrase !== undefined;
  return { stream, fileName: archiveName(snapshot.school, new Date(), encrypted), encrypted, done };
}

/** `schoolyard-sunny-meadows-kids-school-20261125T041500Z.jsonl.gz`. */
export function archiveName(school: string, at: Date, encrypted = false): string {
  const slug = school
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${APP_NAME}-${slug ? `${slug}-` : ''}${stamp}.${extensionOf(encrypted)}`;
}

/** `jsonl.gz`, or `jsonl.gz.enc` for an encrypted backup. */
const extensionOf = (encrypted: boolean) =>
  encrypted ? `${ARCHIVE_EXTENSION}.${ENCRYPTED_EXTENSION}` : ARCHIVE_EXTENSION;

/**
 * Writes a backup to `file` (default: `dir`/<archiveName>; the callers pass DATA_DIR/backups). The archive is written
 * beside it under a temporary name and renamed when whole, so a file with the final name is
 * always a complete backup.
 */
export async function backupToFile(
  source: BackupSource,
  options: { dir: string; file?: string },
): Promise<{ file: string; bytes: number; manifest: ArchiveManifest }> {
  const stages = await packing(source.passphrase);
  const encrypted = source.passphrase !== undefined;
  const snapshot = await openSnapshot(source.database);
  try {
    const file = path.resolve(
      options.file ?? path.join(options.dir, archiveName(snapshot.school, new Date(), encrypted)),
    );
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;
    try {
      const lines = new PassThrough();
      const writing = pipeline([lines, ...stages, fs.createWriteStream(partial, { flags: 'wx' })]);
      let manifest: ArchiveManifest;
      try {
        manifest = await writeArchive(snapshot, source.files, lines);
        lines.end();
      } catch (error) {
        lines.destroy(error as Error);
        await writing.catch(() => {});
        throw error;
      }
      await writing;
      const placed = await placeWithoutReplacing(partial, file, options.file === undefined, encrypted);
      const { size } = await fsp.stat(placed);
      return { file: placed, bytes: size, manifest };
    } finally {
      await fsp.rm(partial, { force: true });
    }
  } finally {
    await snapshot.close();
  }
}

/**
 * Gives the finished archive its name without ever replacing a file: a name chosen by us gets a
 * number when taken (two backups in one second), a name chosen by the operator is refused.
 */
async function placeWithoutReplacing(
  partial: string,
  file: string,
  numbered: boolean,
  encrypted: boolean,
): Promise<string> {
  const extension = extensionOf(encrypted);
  for (let n = 1; n <= 100; n += 1) {
    const candidate =
      n === 1
        ? file
        : file.replace(new RegExp(`\\.${extension.replaceAll('.', '\\.')}$`), `-${n}.${extension}`);
    try {
      await fsp.link(partial, candidate);
      return candidate;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        // A filesystem without hard links (a FAT-formatted stick): look, then rename.
        if (fs.existsSync(candidate)) {
          if (!numbered) throw new Error(`${candidate} already exists; choose another FILE.`);
          continue;
        }
        await fsp.rename(partial, candidate);
        return candidate;
      }
      if (!numbered) throw new Error(`${candidate} already exists; choose another FILE.`);
    }
  }
  throw new Error(`Could not find a free name for the backup next to ${file}.`);
}

import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * The backup archive (docs/decisions/0033-backup-and-restore.md): one gzip'd stream of JSON
 * lines, written and read a line at a time so memory stays flat whatever the school's size.
 *
 *   {"kind":"header", format, formatVersion, app, schemaVersion, engine, createdAt, school}
 *   {"kind":"table", name, columns}   then one JSON array per row, values in column order,
 *   {"kind":"table-end", name, rows}  for every table, parents before children
 *   {"kind":"file", path, size}       then {"kind":"data", b64} lines with the bytes,
 *   {"kind":"file-end", path, sha256} for every stored file
 *   {"kind":"manifest", ...header, tables: {name: rows}, files: [{path, size, sha256}]}
 *
 * The manifest comes last because only then are the counts and checksums known; an archive
 * without it is cut short. Values that JSON cannot carry are tagged objects: {"$int":"…"} an
 * integer beyond 2^53, {"$b64":"…"} bytes, {"$num":"NaN"} a non-finite real.
 */

export const ARCHIVE_FORMAT = 'schoolyard-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const APP_NAME = 'schoolyard';
export const ARCHIVE_EXTENSION = 'jsonl.gz';

/** Raw bytes per `data` line of a file (base64 makes it a third longer). */
export const FILE_CHUNK_BYTES = 48 * 1024;

/** A line longer than this is not from a Schoolyard backup (rows are small; file chunks are 64 KB). */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

export type Engine = 'sqlite' | 'postgres';

export interface ArchiveHeader {
  kind: 'header';
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  app: string;
  /** The newest migration applied to the database it came from. */
  schemaVersion: string;
  engine: Engine;
  createdAt: string;
  /** The school's name, for people looking at a folder of backups. */
  school: string;
}

export interface ArchiveManifest extends Omit<ArchiveHeader, 'kind'> {
  kind: 'manifest';
  tables: Record<string, number>;
  files: { path: string; size: number; sha256: string }[];
}

export type ControlLine =
  | ArchiveHeader
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'table-end'; name: string; rows: number }
  | { kind: 'file'; path: string; size: number }
  | { kind: 'data'; b64: string }
  | { kind: 'file-end'; path: string; sha256: string }
  | ArchiveManifest;

export type EncodedValue =
  | null
  | number
  | string
  | boolean
  | { $int: string }
  | { $b64: string }
  | { $num: string };

/** A database value as the archive keeps it, the same whichever engine it came from. */
export function encodeValue(value: unknown): EncodedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $num: String(value) };
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : { $int: value.toString() };
  }
  if (value instanceof Uint8Array) return { $b64: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return value.toISOString();
  throw new Error(
    `A value of an unsupported type (${Object.prototype.toString.call(value)}) cannot be backed up.`,
  );
}

/** The value to bind when loading; bigints and bytes come back as such. */
export function decodeValue(value: unknown): null | number | string | boolean | bigint | Buffer {
  if (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'string' ||
    typeof value === 'boolean'
  ) {
    return value;
  }
  if (typeof value === 'object') {
    const tagged = value as Record<string, unknown>;
    if (typeof tagged.$int === 'string' && /^-?\d+$/.test(tagged.$int)) return BigInt(tagged.$int);
    if (typeof tagged.$b64 === 'string') return Buffer.from(tagged.$b64, 'base64');
    if (typeof tagged.$num === 'string') return Number(tagged.$num);
  }
  throw new ArchiveError(
    `The archive holds a value it cannot contain: ${JSON.stringify(value).slice(0, 80)}.`,
  );
}

/** The archive is not a (whole) Schoolyard backup: corrupt, cut short, foreign or from a newer version. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

/**
 * Writes lines to a stream, waiting when it is full, so a slow reader slows the backup down instead
 * of filling memory. Lines are gathered into pieces of about BATCH_BYTES before they are written: a
 * write per row (a million at a large school) made each row a trip through the streams and gzip.
 * `flush` writes what is gathered; the archive's last line is followed by one.
 */
export class LineWriter {
  private static readonly BATCH_BYTES = 256 * 1024;
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(private readonly out: Writable) {}

  async write(line: unknown): Promise<void> {
    const text = `${JSON.stringify(line)}\n`;
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= LineWriter.BATCH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.out.destroyed) throw new Error('The backup was cancelled (its output closed).');
    if (this.pending.length === 0) return;
    const piece = this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    if (!this.out.write(piece)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          this.out.off('drain', onDrain);
          this.out.off('close', onClose);
          this.out.off('error', done);
          if (error) reject(error);
          else resolve();
        };
        const onDrain = () => done();
        const onClose = () => done(new Error('The backup was cancelled (its output closed).'));
        this.out.on('drain', onDrain);
        this.out.on('close', onClose);
        this.out.on('error', done);
      });
    }
  }
}

/** The archive's lines, parsed, one at a time; a stream error (bad gzip) rejects the iteration. */
export async function* readLines(input: Readable): AsyncGenerator<unknown> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let lineNumber = 0;
  const parse = (text: string): unknown => {
    lineNumber += 1;
    try {
      return JSON.parse(text);
    } catch {
      throw new ArchiveError(
        `Line ${lineNumber} of the archive is not JSON: it is corrupt or not a Schoolyard backup.`,
      );
    }
  };
  for await (const chunk of input) {
    pending += decoder.write(chunk as Buffer);
    let start = 0;
    let end = pending.indexOf('\n', start);
    while (end !== -1) {
      yield parse(pending.slice(start, end));
      start = end + 1;
      end = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
    if (pending.length > MAX_LINE_CHARS) {
      throw new ArchiveError(
        'The archive holds a line too long for a Schoolyard backup: it is corrupt or foreign.',
      );
    }
  }
  pending += decoder.end();
  if (pending.length > 0) yield parse(pending);
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseConfig } from '../../config.js';
import { connectDatabase, type Db } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import { isPostgres } from '../../db/engine.js';
import { isMigrationName, LATEST_MIGRATION, migrateTo, migrateToLatest } from '../../db/migrate.js';
import { type FileStore, isStoredFilePath } from '../../lib/file-store/file-store.js';
import { createDecryptStream, startsEncrypted } from './archive-encryption.js';
import {
  APP_NAME,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveError,
  type ArchiveHeader,
  type ArchiveManifest,
  decodeValue,
  FILE_CHUNK_BYTES,
  readLines,
} from './archive-format.js';
import { type ColumnFacts, type RowCheck, rowCheckOf } from './row-rules.js';
import { isArchivedTable, isSchoolTable } from './snapshot.js';

/** The restore was stopped (SIGINT, SIGTERM) before it committed; nothing was changed. */
export class RestoreInterruptedError extends Error {
  override name = 'RestoreInterruptedError';
}

/** The target already holds a school and `replace` was not asked for. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

export interface RestoreTarget {
  database: DatabaseConfig;
  /**
   * The store the files go into, given the restore's connection: a store in the database must
   * write through it, inside the restore's transaction (another connection would wait for that
   * transaction's lock), so its files commit or roll back with the rows.
   */
  files: (db: Db) => FileStore;
  /** Incoming files wait here (DATA_DIR, the same disk as the uploads) until their checksum is known. */
  dataDir: string;
}

export interface RestoreResult {
  header: ArchiveHeader;
  /** The schema after the restore (the archive's, migrated forward). */
  schemaVersion: string;
  tables: Record<string, number>;
  files: number;
}

/**
 * Fills the target's database and file store from an archive (docs/decisions/0033-backup-and-restore.md).
 * Everything happens in ONE transaction on one connection: emptying, migrating to the archive's
 * schema, loading rows in foreign-key order, the checks against the manifest, migrating forward.
 * Files are stored while the transaction is open and removed again if anything fails, so a failed
 * restore leaves the target as it was.
 */
export async function restoreArchive(
  file: string,
  target: RestoreTarget,
  options: {
    replace?: boolean;
    /**
     * Stops the restore (the CLI aborts it on SIGINT and SIGTERM): it rolls back, removes what it
     * stored and its temporary folder, and rejects with RestoreInterruptedError.
     */
    signal?: AbortSignal;
    /** Opens an encrypted backup (BACKUP_PASSPHRASE or --passphrase-file); an unencrypted one needs none. */
    passphrase?: string;
  } = {},
): Promise<RestoreResult> {
  const stat = await fsp.stat(file).catch(() => undefined);
  // A pipe too (`<(curl …)`): the archive is read once, front to back.
  if (!stat?.isFile() && !stat?.isFIFO()) throw new ArchiveError(`There is no archive at ${file}.`);
  const { signal } = options;
  const interrupted = () => new RestoreInterruptedError('The restore was interrupted.');
  if (signal?.aborted) throw interrupted();
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  const decrypt = await decryptionOf(input, options.passphrase);
  // A read that waits (a slow disk, a pipe) must not hold the restore up: the error ends the
  // iteration at once (the file stream itself closes only when its pending read returns).
  const stop = () => gunzip.destroy(interrupted());
  signal?.addEventListener('abort', stop, { once: true });
  const lines = archiveLines(decrypt ?? input, gunzip)[Symbol.asyncIterator]();
  try {
    const header = checkHeader((await lines.next()).value);
    const db = await connectDatabase(target.database);
    try {
      return await db
        .connection()
        .execute((conn) => load(conn, header, lines, target, options.replace === true, signal));
    } finally {
      await db.destroy();
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await lines.return?.(undefined);
  }
}

/**
 * The decrypting stage when the archive is encrypted (its first bytes say so), fed by `input`;
 * undefined for an unencrypted archive (and `input` is unread). Asking here, before any
 * database work, makes a missing or wrong passphrase one sentence with nothing changed.
 */
async function decryptionOf(
  input: fs.ReadStream,
  passphrase: string | undefined,
): Promise<Readable | undefined> {
  const first = await new Promise<Buffer>((resolve, reject) => {
    const onReadable = () => {
      const chunk = input.read() as Buffer | null;
      if (chunk === null && !input.readableEnded) return;
      input.off('readable', onReadable);
      input.off('end', onEnd);
      input.off('error', reject);
      resolve(chunk ?? Buffer.alloc(0));
    };
    const onEnd = () => onReadable();
    input.on('readable', onReadable);
    input.once('end', onEnd);
    input.once('error', reject);
  });
  if (first.length > 0) input.unshift(first);
  if (!startsEncrypted(first)) return undefined;
  if (!passphrase) {
    input.destroy();
    throw new ArchiveError(
      'This backup is encrypted: give its passphrase (BACKUP_PASSPHRASE, or --passphrase-file FILE).',
    );
  }
  const decrypt = createDecryptStream(passphrase);
  input.on('error', (error) => decrypt.destroy(error));
  return input.pipe(decrypt);
}

/** The archive's lines; a broken gzip stream (corrupt, cut short, not gzip at all) becomes an ArchiveError. */
async function* archiveLines(input: Readable, gunzip: zlib.Gunzip): AsyncGenerator<unknown> {
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    yield* readLines(gunzip);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new ArchiveError('The archive is corrupt or cut short: it is not a whole gzip stream.');
    }
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

function checkHeader(line: unknown): ArchiveHeader {
  const header = line as Partial<ArchiveHeader> | undefined;
  if (header?.kind !== 'header' || header.format !== ARCHIVE_FORMAT || header.app !== APP_NAME) {
    throw new ArchiveError('This is not a Schoolyard backup (its first line is not a Schoolyard header).');
  }
  if (header.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(
      `The archive is in format version ${String(header.formatVersion)}; this Schoolyard reads version ${ARCHIVE_FORMAT_VERSION}. Restore it with the Schoolyard that made it, or a newer one.`,
    );
  }
  if (typeof header.schemaVersion !== 'string' || !isMigrationName(header.schemaVersion)) {
    throw new ArchiveError(
      `The archive's schema (${String(header.schemaVersion)}) is unknown to this Schoolyard, whose newest is ${LATEST_MIGRATION}: it was made by a newer version. Update Schoolyard first.`,
    );
  }
  return header as ArchiveHeader;
}

type Conn = Kysely<Database>;

async function load(
  conn: Conn,
  header: ArchiveHeader,
  lines: AsyncIterator<unknown>,
  target: RestoreTarget,
  replace: boolean,
  signal: AbortSignal | undefined,
): Promise<RestoreResult> {
  const postgres = isPostgres(conn);
  const checkNotInterrupted = () => {
    if (signal?.aborted) throw new RestoreInterruptedError('The restore was interrupted.');
  };
  const files = target.files(conn as Db);
  const written: string[] = [];
  await fsp.mkdir(target.dataDir, { recursive: true });
  const incoming = await fsp.mkdtemp(path.join(target.dataDir, 'restore-'));
  await sql`begin`.execute(conn);
  try {
    if (!replace) await refuseNonEmpty(conn);
    // Rows go in parents first, but SQLite checks at commit all the same (no ordering can satisfy a cycle).
    if (!postgres) await sql`pragma defer_foreign_keys = on`.execute(conn);
    await emptySchoolTables(conn);
    await migrateTo(conn as Db, header.schemaVersion as Parameters<typeof migrateTo>[1], {
      inCallersTransaction: true,
    });
    // The migrations' own rows (the settings row, counters) make way for the archive's.
    await emptySchoolTables(conn);
    const columns = await columnTypes(conn);
    const manifest = await loadLines(conn, lines, columns, files, written, incoming, checkNotInterrupted);
    checkNotInterrupted();
    await verify(conn, manifest, files);
    checkNotInterrupted();
    await migrateToLatest(conn as Db, { inCallersTransaction: true });
    if (postgres) await advanceSequences(conn);
    checkNotInterrupted();
    await sql`commit`.execute(conn);
    return { header, schemaVersion: LATEST_MIGRATION, tables: manifest.tables, files: manifest.files.length };
  } catch (error) {
    await sql`rollback`.execute(conn).catch(() => {});
    // Only what was not there before goes. A store in the database wrote through this very
    // transaction: the rollback took its files back and brought the target's own rows back, so
    // removing the paths now would delete the target's originals (they share the paths when
    // restoring over the same school). A store on disk kept what it wrote: `written` holds only
    // paths that were free when the restore began (a path already taken was left as it was).
    if (!writesInTransaction(files)) await files.remove(written);
    throw error;
  } finally {
    await fsp.rm(incoming, { recursive: true, force: true });
  }
}

/** The store writes through the restore's connection, so its files commit or roll back with the rows. */
function writesInTransaction(files: FileStore): boolean {
  return files.kind === 'database';
}

async function schoolTables(conn: Conn): Promise<string[]> {
  const tables = await conn.introspection.getTables();
  return tables.map((t) => t.name).filter(isSchoolTable);
}

/** A database "holds a school" when it has any user or any content of the site. */
async function refuseNonEmpty(conn: Conn): Promise<void> {
  const tables = await schoolTables(conn);
  const counts: string[] = [];
  for (const [table, what] of [
    ['app_user', 'users'],
    ['content_record', 'content records'],
  ] as const) {
    if (!tables.includes(table)) continue;
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(conn);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) counts.push(`${n} ${what}`);
  }
  if (counts.length > 0) {
    throw new TargetNotEmptyError(
      `The target database is not empty (${counts.join(', ')}); a restore only fills an empty database. Run it with --replace to overwrite everything in it.`,
    );
  }
}

async function emptySchoolTables(conn: Conn): Promise<void> {
  const tables = await schoolTables(conn);
  if (tables.length === 0) return;
  if (isPostgres(conn)) {
    await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(
      conn,
    );
    return;
  }
  for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(conn);
}

/** Each school table's columns, their declared types and whether they take null, in the target's schema. */
async function columnTypes(conn: Conn): Promise<Map<string, Map<string, ColumnFacts>>> {
  const result = new Map<string, Map<string, ColumnFacts>>();
  for (const table of await conn.introspection.getTables()) {
    if (!isArchivedTable(table.name)) continue;
    result.set(
      table.name,
      new Map(
        table.columns.map((c) => [c.name, { name: c.name, dataType: c.dataType, isNullable: c.isNullable }]),
      ),
    );
  }
  return result;
}

/** The value as the target's column takes it: booleans and 0/1 as the engine keeps them, big integers as text for pg. */
function bindValue(value: ReturnType<typeof decodeValue>, type: string, postgres: boolean): unknown {
  if (postgres) {
    if (type === 'bool' || type === 'boolean') return typeof value === 'number' ? value !== 0 : value;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'bigint') return value.toString();
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

const MAX_PARAMETERS = 30_000;

/** A stored file larger than this is not from a Schoolyard backup (uploads are pictures of a few MB). */
const MAX_FILE_BYTES = 2 ** 31;
/** A `data` line carries FILE_CHUNK_BYTES; twice that is as much as one may hold. */
const MAX_DATA_B64 = Math.ceil((2 * FILE_CHUNK_BYTES * 4) / 3) + 4;

const name = z.string().min(1).max(200);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const filePath = z.string().refine(isStoredFilePath);

/** The archive's control lines as this restore reads them; anything else is refused with one sentence. */
const ControlLineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('table'), name, columns: z.array(name).min(1).max(1000) }),
  z.object({ kind: z.literal('table-end'), name, rows: count }),
  z.object({ kind: z.literal('file'), path: filePath, size: count.max(MAX_FILE_BYTES) }),
  z.object({ kind: z.literal('data'), b64: z.string().max(MAX_DATA_B64) }),
  z.object({ kind: z.literal('file-end'), path: filePath, sha256 }),
  z.looseObject({
    kind: z.literal('manifest'),
    tables: z.record(name, count),
    files: z.array(z.object({ path: filePath, size: count, sha256 })),
  }),
]);

function parseControl(line: unknown): z.infer<typeof ControlLineSchema> {
  const parsed = ControlLineSchema.safeParse(line);
  if (parsed.success) return parsed.data;
  const kind = (line as { kind?: unknown } | null)?.kind;
  throw new ArchiveError(
    typeof kind === 'string' && ['table', 'table-end', 'file', 'data', 'file-end', 'manifest'].includes(kind)
      ? `The archive holds a ${kind} line this Schoolyard cannot read (${parsed.error.issues[0]?.path.join('.') || 'its shape'}): it is corrupt or was altered.`
      : `The archive holds a line of an unknown kind (${String(kind).slice(0, 40)}): it is corrupt or foreign.`,
  );
}

async function loadLines(
  conn: Conn,
  lines: AsyncIterator<unknown>,
  columns: Map<string, Map<string, ColumnFacts>>,
  files: FileStore,
  written: string[],
  incoming: string,
  checkNotInterrupted: () => void,
): Promise<ArchiveManifest> {
  const postgres = isPostgres(conn);
  let table:
    | {
        name: string;
        columns: string[];
        types: string[];
        check: RowCheck;
        rows: number;
        batch: ReturnType<typeof decodeValue>[][];
      }
    | undefined;
  let file:
    | { path: string; size: number; temp: fs.WriteStream; hash: crypto.Hash; bytes: number }
    | undefined;
  const loadedTables = new Set<string>();
  const storedFiles = new Map<string, string>();

  const flush = async () => {
    if (!table || table.batch.length === 0) return;
    const { name, batch } = table;
    const width = table.columns.length;
    let n = 0;
    const placeholder = () => (postgres ? `$${++n}` : '?');
    const values = batch.map((row) => `(${row.map(placeholder).join(', ')})`).join(', ');
    const text = `insert into "${name}" (${table.columns.map((c) => `"${c}"`).join(', ')}) values ${values}`;
    const parameters = batch.flatMap((row) =>
      row.map((v, i) => bindValue(v, table?.types[i] ?? '', postgres)),
    );
    if (parameters.length !== batch.length * width)
      throw new ArchiveError(`A row of table ${name} has the wrong number of values.`);
    try {
      await conn.executeQuery(CompiledQuery.raw(text, parameters));
    } catch (error) {
      throw new Error(
        `Loading table ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    table.batch = [];
  };

  for (;;) {
    const next = await lines.next();
    checkNotInterrupted();
    if (next.done) throw new ArchiveError('The archive is cut short: it ends before its manifest.');
    const line = next.value;
    if (Array.isArray(line)) {
      if (!table) throw new ArchiveError('The archive holds a row outside any table: it is corrupt.');
      if (line.length !== table.columns.length) {
        throw new ArchiveError(
          `A row of table ${table.name} has ${line.length} values for ${table.columns.length} columns.`,
        );
      }
      table.rows += 1;
      const values = line.map(decodeValue);
      const problem = table.check(values);
      if (problem) {
        throw new ArchiveError(
          `The archive's table ${table.name} holds a value this schema refuses in row ${table.rows}: ${problem}.`,
        );
      }
      table.batch.push(values);
      if ((table.batch.length + 1) * table.columns.length > MAX_PARAMETERS || table.batch.length >= 500)
        await flush();
      continue;
    }
    const control = parseControl(line);
    if (file && control.kind !== 'data' && control.kind !== 'file-end') {
      throw new ArchiveError(`The archive's file ${file.path} is cut short.`);
    }
    switch (control.kind) {
      case 'table': {
        const { name, columns: archived } = control;
        if (new Set(archived).size !== archived.length)
          throw new ArchiveError(`The archive's table ${name} names a column twice: it is corrupt.`);
        const types = columns.get(name);
        if (!types || loadedTables.has(name)) {
          throw new ArchiveError(
            `The archive's table ${name} is not part of its schema version, or comes twice.`,
          );
        }
        const missing = archived.filter((c) => !types.has(c));
        if (missing.length > 0)
          throw new ArchiveError(
            `The archive's table ${name} has columns the schema lacks: ${missing.join(', ')}.`,
          );
        table = {
          name,
          columns: archived,
          types: archived.map((c) => types.get(c)?.dataType.toLowerCase() ?? ''),
          check: rowCheckOf(
            name,
            archived.map((c) => types.get(c) as ColumnFacts),
          ),
          rows: 0,
          batch: [],
        };
        break;
      }
      case 'table-end': {
        if (!table || control.name !== table.name)
          throw new ArchiveError('The archive ends a table it did not begin: it is corrupt.');
        await flush();
        if (control.rows !== table.rows) {
          throw new ArchiveError(
            `The archive's table ${table.name} says ${String(control.rows)} rows but holds ${table.rows}.`,
          );
        }
        loadedTables.add(table.name);
        table = undefined;
        break;
      }
      case 'file': {
        const stored = control.path;
        if (storedFiles.has(stored)) {
          throw new ArchiveError(
            `The archive names a file ${JSON.stringify(stored)} that cannot be stored (or twice).`,
          );
        }
        const temp = fs.createWriteStream(path.join(incoming, `${storedFiles.size}`), { flags: 'wx' });
        file = {
          path: stored,
          size: control.size,
          temp,
          hash: crypto.createHash('sha256'),
          bytes: 0,
        };
        break;
      }
      case 'data': {
        if (!file) throw new ArchiveError('The archive holds file data outside a file.');
        const bytes = Buffer.from(control.b64, 'base64');
        // Capped as it streams: a file never writes more than it declared (a small archive of
        // well-compressed zeros must not fill the disk before its checksum is read).
        if (file.bytes + bytes.length > file.size) {
          throw new ArchiveError(
            `The archive's file ${file.path} holds more than the ${file.size} bytes it declares: the archive is damaged.`,
          );
        }
        file.hash.update(bytes);
        file.bytes += bytes.length;
        if (!file.temp.write(bytes))
          await new Promise<void>((resolve) => file?.temp.once('drain', () => resolve()));
        break;
      }
      case 'file-end': {
        if (!file || control.path !== file.path)
          throw new ArchiveError('The archive ends a file it did not begin: it is corrupt.');
        const { temp, path: stored } = file;
        await new Promise<void>((resolve, reject) =>
          temp.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        const sha256 = file.hash.digest('hex');
        if (sha256 !== control.sha256 || file.bytes !== file.size) {
          throw new ArchiveError(
            `The archive's file ${stored} does not match its checksum: the archive is damaged.`,
          );
        }
        await storeFile(files, stored, temp.path as string, sha256, written);
        await fsp.rm(temp.path as string, { force: true });
        storedFiles.set(stored, sha256);
        file = undefined;
        break;
      }
      case 'manifest': {
        if (table) throw new ArchiveError(`The archive's table ${table.name} is cut short.`);
        const manifest = control as unknown as ArchiveManifest;
        for (const [name, rows] of Object.entries(manifest.tables ?? {})) {
          if (!loadedTables.has(name))
            throw new ArchiveError(`The archive's manifest lists table ${name}, which it does not hold.`);
          if (typeof rows !== 'number') throw new ArchiveError('The archive manifest is corrupt.');
        }
        if (loadedTables.size !== Object.keys(manifest.tables ?? {}).length) {
          throw new ArchiveError('The archive holds tables its manifest does not list: it is corrupt.');
        }
        const listed = manifest.files ?? [];
        if (listed.length !== storedFiles.size || listed.some((f) => storedFiles.get(f.path) !== f.sha256)) {
          throw new ArchiveError("The archive's files do not match its manifest's checksums: it is damaged.");
        }
        return manifest;
      }
    }
  }
}

/** Puts the file into the store, unless the very same file is already there (a restore over its own uploads). */
async function storeFile(
  files: FileStore,
  stored: string,
  source: string,
  sha256: string,
  written: string[],
): Promise<void> {
  const existing = await files.open(stored);
  if (existing) {
    const hash = crypto.createHash('sha256');
    for await (const chunk of existing.body) hash.update(chunk as Buffer);
    if (hash.digest('hex') === sha256) return;
    throw new Error(
      `A different file is already stored at ${stored}; move the target's stored files (DATA_DIR/uploads) aside and restore again.`,
    );
  }
  await files.putFile(stored, source);
  written.push(stored);
}

/** What the archive promised is what the target now holds, counted by the database itself. */
async function verify(conn: Conn, manifest: ArchiveManifest, files: FileStore): Promise<void> {
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(conn);
    const actual = Number(rows[0]?.n ?? -1);
    if (actual !== expected)
      throw new Error(`Table ${table} holds ${actual} rows after loading, not the archive's ${expected}.`);
  }
  for (const { path: stored, size } of manifest.files) {
    const info = await files.stat(stored);
    if (info?.size !== size)
      throw new Error(`The stored file ${stored} is missing or of the wrong size after loading.`);
  }
}

/**
 * Rows came in with their ids; each identity column's sequence moves past the largest, so the
 * next new row does not collide with a restored one.
 */
async function advanceSequences(conn: Conn): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(
    conn,
  );
  for (const { table_name: table, column_name: column } of rows) {
    if (!isSchoolTable(table)) continue;
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}),
                 coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      conn,
    );
  }
}

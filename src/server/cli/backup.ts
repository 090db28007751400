import { parseArgs } from 'node:util';
import { ConfigError, describeDatabase, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { backupToFile } from '../features/backup/backup.js';
import { createFileStore } from '../lib/file-store/create-file-store.js';

/**
 * `npm run backup [-- FILE]`: the whole school (every table and every stored file) as one archive
 * (docs/decisions/0033-backup-and-restore.md), safe while the server runs. Without FILE it goes to
 * DATA_DIR/backups/. Every failure is one line on stderr and exit code 1.
 */

const USAGE = `Usage: npm run backup [-- FILE]

  FILE  where to write the archive (default: DATA_DIR/backups/schoolyard-<school>-<time>.jsonl.gz)

Uses DATA_DIR / DATABASE_URL like the server; the server may keep running. With BACKUP_PASSPHRASE
set the archive is encrypted (.jsonl.gz.enc) and a restore needs the passphrase.`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals.length > 1) throw new ConfigError(`Give at most one FILE (see --help).`);
  const config = loadConfig();
  // The stored files are read through the configured store (FILE_STORE): a folder, or the database.
  const db = await connectDatabase(config.database);
  const { file, bytes, manifest } = await backupToFile(
    { database: config.database, files: createFileStore(config, db), passphrase: config.backup.passphrase },
    { dir: config.backup.dir, file: positionals[0] },
  ).finally(() => db.destroy());
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `Backed up ${describeDatabase(config.database)} (schema ${manifest.schemaVersion}): ` +
      `${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files, ` +
      `${(bytes / 1_048_576).toFixed(1)} MB, to ${file}\n`,
  );
}

try {
  await main();
} catch (error) {
  const message =
    error instanceof ConfigError
      ? error.message
      : `Backup failed: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

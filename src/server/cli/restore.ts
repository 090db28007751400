import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, describeDatabase, loadConfig } from '../config.js';
import { ArchiveError } from '../features/backup/archive-format.js';
import { RestoreInterruptedError, restoreArchive, TargetNotEmptyError } from '../features/backup/restore.js';
import { createFileStore } from '../lib/file-store/create-file-store.js';

/**
 * `npm run restore -- FILE [--replace]`: fills the configured database (SQLite or PostgreSQL,
 * whichever made the archive) and the stored files from a backup, then brings the schema up to
 * date (docs/decisions/0033-backup-and-restore.md). All or nothing: a failure leaves the target as
 * it was. Every failure is one line on stderr and exit code 1.
 */

const USAGE = `Usage: npm run restore -- FILE [--replace] [--passphrase-file PASSFILE]

  FILE                      a backup made by \`npm run backup\` or downloaded from the app
  --replace                 overwrite a database that already holds a school (everything in it is lost)
  --passphrase-file PASSFILE  the passphrase of an encrypted backup (its first line); without it,
                            BACKUP_PASSPHRASE is used

Uses DATA_DIR / DATABASE_URL like the server. Stop the server first.`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      replace: { type: 'boolean' },
      'passphrase-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new ConfigError('Give exactly one FILE to restore (see --help).');
  const config = loadConfig();
  const passphrase = values['passphrase-file']
    ? await readPassphrase(values['passphrase-file'])
    : config.backup.passphrase;
  const result = await restoreArchive(
    file,
    { database: config.database, files: (db) => createFileStore(config, db), dataDir: config.dataDir },
    { replace: values.replace === true, signal: interruption.signal, passphrase },
  );
  const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
  const { header } = result;
  process.stdout.write(
    `Restored ${header.school || 'the school'} (backed up ${header.createdAt} from ${header.engine}, schema ${header.schemaVersion}) ` +
      `into ${describeDatabase(config.database)}: ${rows} rows in ${Object.keys(result.tables).length} tables and ` +
      `${result.files} files, all checked; schema now ${result.schemaVersion}.\n`,
  );
}

/** The first line of the file (a passphrase kept in a file stays out of the shell's history and `ps`). */
async function readPassphrase(file: string): Promise<string> {
  const text = await fs.readFile(file, 'utf8').catch(() => {
    throw new ConfigError(`Cannot read the passphrase file ${file}.`);
  });
  const passphrase = text.split(/\r?\n/)[0] ?? '';
  if (passphrase === '') throw new ConfigError(`The passphrase file ${file} is empty.`);
  return passphrase;
}

/**
 * Ctrl-C or a service manager's SIGTERM stops the restore the orderly way: it rolls back and
 * removes its temporary folder and the files it stored. A second signal stops at once.
 */
const interruption = new AbortController();
let stoppedBy: NodeJS.Signals | undefined;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const onStopSignal = (signal: NodeJS.Signals) => {
  if (stoppedBy) dieBy(signal);
  stoppedBy = signal;
  interruption.abort();
};
for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);

/**
 * Ends the process by the signal itself, as an interrupted command should (the shell then says
 * 130 or 143), at once: even while a read of a pipe is still pending in Node's thread pool.
 */
function dieBy(signal: NodeJS.Signals): never {
  for (const one of STOP_SIGNALS) process.off(one, onStopSignal);
  process.kill(process.pid, signal);
  // The signal ends the process before this line is reached.
  process.exit(1);
}

try {
  await main();
} catch (error) {
  if (error instanceof RestoreInterruptedError && stoppedBy) {
    process.stderr.write(`Restore interrupted (${stoppedBy}): nothing was changed.\n`, () =>
      dieBy(stoppedBy ?? 'SIGTERM'),
    );
    await new Promise(() => {});
  }
  const reason = error instanceof Error ? error.message : String(error);
  const message =
    error instanceof ConfigError || error instanceof TargetNotEmptyError
      ? reason
      : error instanceof ArchiveError
        ? `Cannot restore: ${reason} Nothing was changed.`
        : `Restore failed, nothing was changed: ${reason}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

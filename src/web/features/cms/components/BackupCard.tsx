import { useState } from 'react';
import type { BackupStatus } from '../../../../shared/api/backup.js';
import { isApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/toast.js';
import { downloadBackup, useBackupStatus } from '../api/backup.js';

/** "1.4 MB" */
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

const when = (instant: string) =>
  new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One sentence on the scheduled backups: off, none yet, or how the last one went. */
export function lastBackupText(status: BackupStatus): string {
  const run = status.lastRun;
  if (status.everyHours === 0 && !run) return 'Scheduled backups are off (the server’s BACKUP_EVERY_HOURS).';
  if (!run) return 'No scheduled backup has run yet.';
  if (run.state === 'running')
    return `A scheduled backup started ${when(run.startedAt)} and is still running.`;
  if (run.state === 'ok') {
    return `Last scheduled backup: ${when(run.startedAt)}, ${run.fileName ?? ''} (${megabytes(run.bytes ?? 0)}).`;
  }
  return `The last scheduled backup, ${when(run.startedAt)}, failed: ${run.message ?? 'no reason given'}`;
}

/**
 * The principal's backup (docs/decisions/0033-backup-and-restore.md): the whole school, every
 * table and picture, as one file to keep somewhere safe; and how the last scheduled one went.
 */
export function BackupCard() {
  const status = useBackupStatus();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadBackup();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : 'The download failed.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card mt-4" aria-labelledby="backup-card-title">
      <div className="card-body">
        <h2 id="backup-card-title" className="h5 card-title">
          Backup
        </h2>
        <p className="card-text">
          The whole school in one file: accounts, marks, attendance, fees, the website and its pictures. Keep
          it somewhere safe; <code>npm run restore</code> brings it back on this or another server.
        </p>
        <button type="button" className="btn btn-primary" onClick={download} disabled={downloading}>
          {downloading ? 'Preparing the backup…' : 'Download a backup'}
        </button>
        <p className="card-text small text-body-secondary mt-3 mb-0" aria-live="polite">
          {status.data
            ? lastBackupText(status.data)
            : status.isError
              ? 'The scheduled backups’ state could not be loaded.'
              : ''}
        </p>
      </div>
    </section>
  );
}

import { type FormEvent, useState } from 'react';
import {
  BACKUP_MESSAGES,
  BackupDownloadBodySchema,
  type BackupStatus,
  WRONG_PASSWORD,
} from '../../../../shared/api/backup.js';
import { isApiError } from '../../../lib/api-client.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { downloadBackup, useBackupStatus } from '../api/backup.js';

/** "1.4 MB" */
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** One sentence on the scheduled backups: off, none yet, or how the last one went, in the school's time. */
export function lastBackupText(status: BackupStatus, timeZone?: string): string {
  const when = (instant: string) => formatWhen(instant, timeZone);
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
  const timeZone = useSchoolTimeZone();
  const [downloading, setDownloading] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');

  // The archive holds every family's data and every password hash: the principal's password again.
  const download = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = BackupDownloadBodySchema.safeParse({ password });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? BACKUP_MESSAGES.enterPassword);
      return;
    }
    setProblem('');
    setDownloading(true);
    try {
      await downloadBackup(checked.data);
      setPassword('');
    } catch (error) {
      if (isApiError(error) && error.code === WRONG_PASSWORD) setProblem(error.message);
      else notify.error(isApiError(error) ? error.message : 'The download failed.');
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
        <form onSubmit={download} noValidate className="row g-2 align-items-start">
          <div className="col-sm-6">
            <label htmlFor="backup-password" className="form-label">
              Your password
            </label>
            <input
              id="backup-password"
              type="password"
              autoComplete="current-password"
              className={`form-control${problem ? ' is-invalid' : ''}`}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'backup-password-problem' : undefined}
            />
            {problem && (
              <div id="backup-password-problem" className="invalid-feedback">
                {problem}
              </div>
            )}
          </div>
          <div className="col-12">
            <button type="submit" className="btn btn-primary" disabled={downloading}>
              {downloading ? 'Preparing the backup…' : 'Download a backup'}
            </button>
          </div>
        </form>
        <p className="card-text small text-body-secondary mt-3 mb-0" aria-live="polite">
          {status.data
            ? lastBackupText(status.data, timeZone)
            : status.isError
              ? 'The scheduled backups’ state could not be loaded.'
              : ''}
        </p>
      </div>
    </section>
  );
}

import { type FormEvent, useState } from 'react';
import {
  BACKUP_MESSAGES,
  BackupDownloadBodySchema,
  type BackupStatus,
  WRONG_PASSWORD,
} from '../../../../shared/api/backup.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { isApiError } from '../../../lib/api-client.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { downloadBackup, useBackupStatus } from '../api/backup.js';
import { decimal } from '../lib/labels.js';

/**
 * One sentence on the scheduled backups: off, none yet, or how the last one went, in the school's
 * time and the page's language.
 */
export function lastBackupText(
  { t, locale }: { t: Translator['t']; locale: AnyLocale },
  status: BackupStatus,
  timeZone?: string,
): string {
  const when = (instant: string) => formatWhen(instant, timeZone, locale);
  const run = status.lastRun;
  if (status.everyHours === 0 && !run) return t('settings.backup.off');
  if (!run) return t('settings.backup.none');
  if (run.state === 'running') return t('settings.backup.running', { when: when(run.startedAt) });
  if (run.state === 'ok') {
    return t('settings.backup.ok', {
      when: when(run.startedAt),
      file: run.fileName ?? '',
      size: decimal(locale, (run.bytes ?? 0) / 1_048_576, 1),
    });
  }
  return t('settings.backup.failed', {
    when: when(run.startedAt),
    reason: run.message ?? t('settings.backup.noReason'),
  });
}

/**
 * The principal's backup (docs/decisions/0033-backup-and-restore.md): the whole school, every
 * table and picture, as one file to keep somewhere safe; and how the last scheduled one went.
 */
export function BackupCard() {
  const i18n = useI18n();
  const { t, parts } = i18n;
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
      else notify.error(isApiError(error) ? error.message : t('settings.backup.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card mt-4" aria-labelledby="backup-card-title">
      <div className="card-body">
        <h2 id="backup-card-title" className="h5 card-title">
          {t('settings.backup.title')}
        </h2>
        <p className="card-text">
          {parts('settings.backup.text', { code: (chunks) => <code key="code">{chunks}</code> })}
        </p>
        <form onSubmit={download} noValidate className="row g-2 align-items-start">
          <div className="col-sm-6">
            <label htmlFor="backup-password" className="form-label">
              {t('settings.backup.password')}
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
              {downloading ? t('settings.backup.preparing') : t('settings.backup.download')}
            </button>
          </div>
        </form>
        <p className="card-text small text-body-secondary mt-3 mb-0" aria-live="polite">
          {status.data
            ? lastBackupText(i18n, status.data, timeZone)
            : status.isError
              ? t('settings.backup.stateFailed')
              : ''}
        </p>
      </div>
    </section>
  );
}

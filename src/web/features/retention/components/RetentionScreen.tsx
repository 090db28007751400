import { type FormEvent, useId, useState } from 'react';
import type { Leaver, RetentionPeriod, RetentionRun } from '../../../../shared/api/retention.js';
import type { RetentionKind } from '../../../../shared/rules/retention.js';
import { formatWhen, longDate } from '../../../../shared/school-time.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import type { MessageKey } from '../../../lib/i18n.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import {
  useEraseLeaver,
  useLeavers,
  useRetentionRuns,
  useRetentionSettings,
  useSaveRetention,
} from '../api/retention.js';

const kindKey = (kind: RetentionKind) => `retention.kind.${kind}` as MessageKey;
const reasonKey = (kind: RetentionKind) => `retention.reason.${kind}` as MessageKey;

/** The server's words for a refusal, else `fallback`. */
const problemsOf = (error: unknown, fallback: string): string[] => {
  if (!isApiError(error)) return [fallback];
  const details = Array.isArray(error.details) ? (error.details as { message?: unknown }[]) : [];
  const lines = details.flatMap((detail) => (typeof detail.message === 'string' ? [detail.message] : []));
  return lines.length > 0 ? lines : [error.message];
};

function Periods({ periods, longestMonths }: { periods: RetentionPeriod[]; longestMonths: number }) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveRetention();
  const [months, setMonths] = useState<Record<string, string>>(() =>
    Object.fromEntries(periods.map((row) => [row.kind, String(row.months)])),
  );
  const [problems, setProblems] = useState<string[]>([]);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    const input = Object.fromEntries(periods.map((row) => [row.kind, Number(months[row.kind])]));
    save.mutate(
      { periods: input },
      {
        onSuccess: () => notify.success(t('retention.periods.saved')),
        onError: (error) => setProblems(problemsOf(error, t('retention.periods.failed'))),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h3 id={`${id}-heading`} className="h5">
        {t('retention.periods.heading')}
      </h3>
      <form onSubmit={onSave} className="d-grid gap-3">
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {periods.map((row) => (
            <li key={row.kind} className="d-flex flex-wrap gap-3 align-items-start">
              <SchoolField
                id={`${id}-${row.kind}`}
                label={t('retention.periods.label', { kind: t(kindKey(row.kind)) })}
              >
                <input
                  id={`${id}-${row.kind}`}
                  type="number"
                  inputMode="numeric"
                  min={row.minimumMonths}
                  max={240}
                  className="form-control"
                  value={months[row.kind] ?? ''}
                  aria-describedby={`${id}-${row.kind}-why`}
                  onChange={(event) => setMonths({ ...months, [row.kind]: event.target.value })}
                />
              </SchoolField>
              <p
                id={`${id}-${row.kind}-why`}
                className="mb-0 flex-grow-1 small"
                style={{ minWidth: '14rem' }}
              >
                {t(reasonKey(row.kind))}{' '}
                <span className="text-body-secondary">
                  {t('retention.periods.default', { months: row.defaultMonths })}
                  {row.minimumMonths > 0
                    ? ` · ${t('retention.periods.minimum', { months: row.minimumMonths })}`
                    : ''}
                </span>
              </p>
            </li>
          ))}
        </ul>
        <p className="mb-0">{t('retention.periods.longest', { months: longestMonths })}</p>
        <ErrorLines lines={problems} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('retention.periods.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function EraseForm({ leaver, onClose }: { leaver: Leaver; onClose: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const erase = useEraseLeaver();
  const [requestedBy, setRequestedBy] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const onErase = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    erase.mutate(
      { studentId: leaver.id, requestedBy },
      {
        onSuccess: () => {
          notify.success(t('retention.erase.done'));
          onClose();
        },
        onError: (error) => setProblems(problemsOf(error, t('retention.erase.failed'))),
      },
    );
  };

  return (
    <form
      onSubmit={onErase}
      className="d-grid gap-2 border rounded p-3 mt-2"
      aria-labelledby={`${id}-heading`}
    >
      <h4 id={`${id}-heading`} className="h6 mb-0">
        {t('retention.erase.heading', { name: leaver.name })}
      </h4>
      <p className="mb-0">{t('retention.erase.explain')}</p>
      <SchoolField id={`${id}-who`} label={t('retention.erase.requestedBy')}>
        <input
          id={`${id}-who`}
          className="form-control"
          maxLength={200}
          required
          value={requestedBy}
          onChange={(event) => setRequestedBy(event.target.value)}
        />
      </SchoolField>
      <div className="form-check">
        <input
          id={`${id}-confirm`}
          type="checkbox"
          className="form-check-input"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <label htmlFor={`${id}-confirm`} className="form-check-label">
          {t('retention.erase.confirm', { name: leaver.name })}
        </label>
      </div>
      <ErrorLines lines={problems} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-danger" disabled={!confirmed || erase.isPending}>
          {t('retention.erase.submit')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('retention.erase.cancel')}
        </button>
      </div>
    </form>
  );
}

function Leavers() {
  const { t, locale } = useI18n();
  const id = useId();
  const leavers = useLeavers();
  const [erasing, setErasing] = useState<number | undefined>(undefined);
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h3 id={`${id}-heading`} className="h5">
        {t('retention.leavers.heading')}
      </h3>
      {leavers.isPending ? <LoadingState text={t('retention.loading')} /> : null}
      {leavers.isError ? <FailureState error={leavers.error} retry={() => leavers.refetch()} /> : null}
      {leavers.data && leavers.data.data.length === 0 ? <p>{t('retention.leavers.none')}</p> : null}
      {leavers.data && leavers.data.data.length > 0 ? (
        <ul className="list-group">
          {leavers.data.data.map((leaver) => (
            <li key={leaver.id} className="list-group-item">
              <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
                <span>
                  <bdi className="fw-bold">{leaver.name}</bdi>{' '}
                  <span className="text-body-secondary">
                    {t('retention.leavers.left', {
                      day: longDate(leaver.leftOn, { weekday: false, locale }),
                    })}
                  </span>
                </span>
                {leaver.erased ? (
                  <span className="badge text-bg-secondary">{t('retention.leavers.erased')}</span>
                ) : erasing === leaver.id ? null : (
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    onClick={() => setErasing(leaver.id)}
                  >
                    {t('retention.leavers.erase', { name: leaver.name })}
                  </button>
                )}
              </div>
              {erasing === leaver.id && !leaver.erased ? (
                <EraseForm leaver={leaver} onClose={() => setErasing(undefined)} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RunRows({ runs }: { runs: RetentionRun[] }) {
  const { t, locale } = useI18n();
  return (
    <TableWrap label={t('retention.runs.heading')}>
      <table className="table table-sm align-middle school-table">
        <thead>
          <tr>
            <th scope="col">{t('retention.runs.when')}</th>
            <th scope="col">{t('retention.runs.kind')}</th>
            <th scope="col">{t('retention.runs.children')}</th>
            <th scope="col">{t('retention.runs.rows')}</th>
            <th scope="col">{t('retention.runs.files')}</th>
            <th scope="col">{t('retention.runs.backups')}</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>{formatWhen(run.startedAt, undefined, locale)}</td>
              <td>
                {run.kind === 'erasure' ? t('retention.runs.erasure') : t('retention.runs.nightly')}
                {run.kind === 'erasure' ? (
                  <div className="small text-body-secondary">
                    {t('retention.runs.requestedBy', { who: run.requestedBy ?? '', by: run.ranByName ?? '' })}
                  </div>
                ) : null}
              </td>
              <td>{run.studentIds.length}</td>
              <td>
                {Object.entries(run.rows)
                  .map(([kind, n]) => `${t(kindKey(kind as RetentionKind))}: ${n}`)
                  .join(', ') || '0'}
              </td>
              <td>{run.files}</td>
              <td>{run.backups}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function Runs() {
  const { t } = useI18n();
  const id = useId();
  const runs = useRetentionRuns();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="h5">
        {t('retention.runs.heading')}
      </h3>
      {runs.isPending ? <LoadingState text={t('retention.loading')} /> : null}
      {runs.isError ? <FailureState error={runs.error} retry={() => runs.refetch()} /> : null}
      {runs.data && runs.data.data.length === 0 ? <p>{t('retention.runs.none')}</p> : null}
      {runs.data && runs.data.data.length > 0 ? <RunRows runs={runs.data.data} /> : null}
    </section>
  );
}

/**
 * How long records are kept (docs/decisions/0110-retention-and-erasure.md): the periods with their
 * law, the leavers with the erasure of one (after a confirmation), and what the runs removed.
 */
export function RetentionScreen() {
  const { t } = useI18n();
  const settings = useRetentionSettings();
  return (
    <SchoolPanel title={t('retention.title')} lead={t('retention.intro')}>
      {settings.isPending ? <LoadingState text={t('retention.loading')} /> : null}
      {settings.isError ? <FailureState error={settings.error} retry={() => settings.refetch()} /> : null}
      {settings.data ? (
        <Periods
          key={JSON.stringify(settings.data.data.periods.map((row) => row.months))}
          periods={settings.data.data.periods}
          longestMonths={settings.data.data.longestMonths}
        />
      ) : null}
      <Leavers />
      <Runs />
    </SchoolPanel>
  );
}

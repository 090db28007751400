import { type FormEvent, useId, useState } from 'react';
import type { ClassProgression, RolloverRun, RolloverSummary } from '../../../../shared/api/rollover.js';
import type { SchoolYear } from '../../../../shared/api/school-years.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { useSchoolYears } from '../../../lib/school/get-school-years.js';
import { notify } from '../../../lib/toast.js';
import {
  useClassProgressions,
  useRolloverPreview,
  useRunRollover,
  useSaveProgressions,
} from '../api/rollover.js';

const LEAVES = 'leaves';

/** A select's value for a class's row: '' not set, LEAVES, or the next class's id. */
const choiceOf = (row: ClassProgression): string =>
  !row.mapped ? '' : row.leaves ? LEAVES : String(row.nextClassId);

/** The server's words for a refusal (a 409 names the class), else `fallback`. */
const refusalOf = (error: unknown, fallback: string): string =>
  isApiError(error) ? error.message : fallback;

function ClassMap({ rows }: { rows: ClassProgression[] }) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveProgressions();
  const [choices, setChoices] = useState<Record<number, string>>(() =>
    Object.fromEntries(rows.map((row) => [row.classId, choiceOf(row)])),
  );
  const [problems, setProblems] = useState<string[]>([]);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    const classes = rows.flatMap((row) => {
      const choice = choices[row.classId] ?? '';
      if (choice === '') return [];
      return [{ classId: row.classId, nextClassId: choice === LEAVES ? null : Number(choice) }];
    });
    save.mutate(
      { classes },
      {
        onSuccess: () => notify.success(t('rollover.map.saved')),
        onError: (error) => setProblems([refusalOf(error, t('rollover.map.failed'))]),
      },
    );
  };

  const heading = t('rollover.map.heading');
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-4">
      <h3 id={`${id}-heading`} className="h5">
        {heading}
      </h3>
      <form onSubmit={onSave} className="d-grid gap-3">
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {rows.map((row) => (
            <li key={row.classId} className="d-flex flex-wrap gap-3 align-items-end">
              <SchoolField
                id={`${id}-${row.classId}`}
                label={t('rollover.map.next', { className: row.className })}
                className="flex-grow-1"
              >
                <select
                  id={`${id}-${row.classId}`}
                  className="form-select"
                  value={choices[row.classId] ?? ''}
                  aria-describedby={`${id}-${row.classId}-pupils`}
                  onChange={(event) => setChoices({ ...choices, [row.classId]: event.target.value })}
                >
                  <option value="">{t('rollover.map.notSet')}</option>
                  <option value={LEAVES}>{t('rollover.map.leaves')}</option>
                  {rows
                    .filter((other) => other.classId !== row.classId)
                    .map((other) => (
                      <option key={other.classId} value={other.classId}>
                        {other.className}
                      </option>
                    ))}
                </select>
              </SchoolField>
              <p id={`${id}-${row.classId}-pupils`} className="mb-2">
                {t('rollover.map.pupils', { count: row.pupils })}
              </p>
            </li>
          ))}
        </ul>
        <ErrorLines lines={problems} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('rollover.map.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Preview({ summary }: { summary: RolloverSummary }) {
  const { t } = useI18n();
  const counts: [string, number][] = [
    [t('rollover.preview.movingUp'), summary.movingUp],
    [t('rollover.preview.leaving'), summary.leaving],
    [t('rollover.preview.archivedPupils'), summary.archivedPupils],
    [t('rollover.preview.archivedGuardians'), summary.archivedGuardians],
    [t('rollover.preview.assignments'), summary.classAssignments],
    [t('rollover.preview.timetable'), summary.timetableRows],
    [t('rollover.preview.feePlans'), summary.feePlansDrafted],
    [t('rollover.preview.feePlansWithoutTerm'), summary.feePlansWithoutTerm],
  ];
  return (
    <div className="d-grid gap-2">
      <p className="mb-0">
        {t('rollover.preview.years', { from: summary.fromYear.name, to: summary.toYear.name })}
      </p>
      <dl className="row mb-0">
        {counts.map(([label, value]) => (
          <div key={label} className="col-12 col-md-6 d-flex justify-content-between gap-2">
            <dt className="fw-normal">{label}</dt>
            <dd className="mb-1 fw-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mb-0" aria-label={t('rollover.preview.classes')}>
        {summary.classes.map((row) => (
          <li key={row.classId}>
            {row.leaves
              ? t('rollover.preview.leave', { className: row.className, pupils: row.pupils })
              : t('rollover.preview.moves', {
                  className: row.className,
                  pupils: row.pupils,
                  next: row.nextClassName ?? '',
                })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The years the school can move into: not the current one, starting after it ends. */
const nextYears = (years: SchoolYear[]): SchoolYear[] => {
  const current = years.find((year) => year.current);
  return years.filter((year) => !year.current && (!current || year.firstDay > current.lastDay));
};

function YearMove() {
  const { t } = useI18n();
  const id = useId();
  const years = useSchoolYears();
  const [toYearId, setToYearId] = useState<number | undefined>(undefined);
  const preview = useRolloverPreview(toYearId);
  const run = useRunRollover();
  const [confirmed, setConfirmed] = useState(false);
  const [done, setDone] = useState<RolloverRun | undefined>(undefined);
  const [problems, setProblems] = useState<string[]>([]);

  if (years.isPending) return <LoadingState text={t('rollover.loading')} />;
  if (years.isError) return <FailureState error={years.error} retry={() => years.refetch()} />;
  const candidates = nextYears(years.data);
  const chosen = candidates.find((year) => year.id === toYearId);

  const onRun = (event: FormEvent) => {
    event.preventDefault();
    if (toYearId === undefined) return;
    setProblems([]);
    run.mutate(toYearId, {
      onSuccess: (answer) => {
        setDone(answer.data);
        setConfirmed(false);
        notify.success(
          t('rollover.run.done', { year: answer.data.toYear.name, file: answer.data.backupFile }),
        );
      },
      onError: (error) => setProblems([refusalOf(error, t('rollover.run.failed'))]),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="h5">
        {t('rollover.year.heading')}
      </h3>
      {done ? (
        <p role="status" className="alert alert-success">
          {t('rollover.run.done', { year: done.toYear.name, file: done.backupFile })}
        </p>
      ) : null}
      {candidates.length === 0 ? (
        <p>{t('rollover.year.none')}</p>
      ) : (
        <SchoolField id={`${id}-year`} label={t('rollover.year.label')}>
          <select
            id={`${id}-year`}
            className="form-select"
            value={toYearId ?? ''}
            onChange={(event) => {
              setConfirmed(false);
              setToYearId(event.target.value === '' ? undefined : Number(event.target.value));
            }}
          >
            <option value="">{t('rollover.year.choose')}</option>
            {candidates.map((year) => (
              <option key={year.id} value={year.id}>
                {year.name}
              </option>
            ))}
          </select>
        </SchoolField>
      )}
      {toYearId !== undefined && !done ? (
        <section aria-label={t('rollover.preview.heading')} className="mt-3">
          <h4 className="h6">{t('rollover.preview.heading')}</h4>
          {preview.isPending ? <LoadingState text={t('rollover.loading')} /> : null}
          {preview.isError ? (
            isApiError(preview.error) && preview.error.status === 409 ? (
              <p role="alert" className="alert alert-warning">
                {preview.error.message}
              </p>
            ) : (
              <FailureState error={preview.error} retry={() => preview.refetch()} />
            )
          ) : null}
          {preview.data ? (
            <form onSubmit={onRun} className="d-grid gap-3">
              <Preview summary={preview.data.data} />
              <div className="form-check">
                <input
                  id={`${id}-confirm`}
                  type="checkbox"
                  className="form-check-input"
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.target.checked)}
                />
                <label htmlFor={`${id}-confirm`} className="form-check-label">
                  {t('rollover.run.confirm', { year: chosen?.name ?? '' })}
                </label>
              </div>
              <ErrorLines lines={problems} />
              <div>
                <button type="submit" className="btn btn-danger" disabled={!confirmed || run.isPending}>
                  {t('rollover.run.submit')}
                </button>
              </div>
            </form>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

/**
 * The new school year (docs/decisions/0091-the-year-rollover.md): where each class's pupils go,
 * then the new year, what moving into it would do, and the run, once, after a confirmation.
 */
export function RolloverScreen() {
  const { t } = useI18n();
  const classes = useClassProgressions();
  return (
    <SchoolPanel title={t('rollover.title')} lead={t('rollover.intro')}>
      {classes.isPending ? <LoadingState text={t('rollover.loading')} /> : null}
      {classes.isError ? <FailureState error={classes.error} retry={() => classes.refetch()} /> : null}
      {classes.data ? (
        // Keyed by the stored mapping, so that a save starts the form from what was stored.
        <ClassMap key={JSON.stringify(classes.data.data.map(choiceOf))} rows={classes.data.data} />
      ) : null}
      <YearMove />
    </SchoolPanel>
  );
}

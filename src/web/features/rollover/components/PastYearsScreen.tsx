import type { ReactNode } from 'react';
import type { PupilYear } from '../../../../shared/api/rollover.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { usePupilYears } from '../api/rollover.js';

function YearCard({ year }: { year: PupilYear }) {
  const { t } = useI18n();
  const facts: [string, string | number][] = [
    [
      t('rollover.years.classes'),
      year.classes.length > 0 ? year.classes.join(', ') : t('rollover.years.noClass'),
    ],
    [t('rollover.years.present'), year.attendance.present],
    [t('rollover.years.absent'), year.attendance.absent],
    [t('rollover.years.onLeave'), year.attendance.onLeave],
    [t('rollover.years.invoices'), year.fees.invoices],
  ];
  return (
    <li className="card">
      <div className="card-body">
        <h3 className="h5 card-title d-flex flex-wrap gap-2 align-items-center">
          {year.name}
          {year.current ? <span className="badge text-bg-primary">{t('rollover.years.current')}</span> : null}
        </h3>
        <dl className="row mb-0">
          {facts.map(([label, value]) => (
            <div key={label} className="col-12 col-sm-6 d-flex justify-content-between gap-2">
              <dt className="fw-normal">{label}</dt>
              <dd className="mb-1 fw-bold">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}

/**
 * A pupil's school years (docs/decisions/0091-the-year-rollover.md), the latest first, each under
 * its name with the class, the attendance and the invoices of that year: what a family keeps
 * reading after the pupil moved up or left. `children` adds links beside it (the app's composition).
 */
export function PastYearsScreen({ studentId, children }: { studentId: number; children?: ReactNode }) {
  const { t } = useI18n();
  const years = usePupilYears(studentId);
  return (
    <SchoolPanel title={t('rollover.years.heading')} lead={t('rollover.years.lead')}>
      {years.isPending ? <LoadingState text={t('rollover.loading')} /> : null}
      {years.isError ? <FailureState error={years.error} retry={() => years.refetch()} /> : null}
      {years.data?.data.length === 0 ? <p>{t('rollover.years.none')}</p> : null}
      {years.data && years.data.data.length > 0 ? (
        <ul className="list-unstyled d-grid gap-3 mb-3" aria-label={t('rollover.years.heading')}>
          {years.data.data.map((year) => (
            <YearCard key={year.yearId} year={year} />
          ))}
        </ul>
      ) : null}
      {children}
    </SchoolPanel>
  );
}

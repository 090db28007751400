import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PupilTerm, PupilYear } from '../../../../shared/api/rollover.js';
import { DIVISION_KEYS, MAX_MARKS_PER_SUBJECT } from '../../../../shared/rules/mark-sheet.js';
import { numberIn, percentIn } from '../../../components/school/numbers.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { usePupilYears } from '../api/rollover.js';

/**
 * A term's mark sheet in a year's card (docs/decisions/0094-last-years-mark-sheets.md): each
 * subject's term mark, then total, percentage and division, and the way to that term's full sheet.
 */
function TermMarks({ studentId, term, year }: { studentId: number; term: PupilTerm; year: PupilYear }) {
  const { t, locale } = useI18n();
  const marks = term.marks;
  if (!marks) return null;
  const termName = t('rollover.years.termOf', { term: term.name, year: year.name });
  return (
    <section className="border-top pt-2" aria-label={termName}>
      <h4 className="h6 mb-2">{termName}</h4>
      <table className="table table-sm mb-2">
        <caption className="visually-hidden">{t('rollover.years.marksOf', { term: termName })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rollover.years.subject')}</th>
            <th scope="col" className="text-end">
              {t('rollover.years.marks')}
            </th>
          </tr>
        </thead>
        <tbody>
          {marks.subjects.map((subject) => (
            <tr key={subject.subjectName}>
              <td>{subject.subjectName}</td>
              <td className="text-end">{numberIn(subject.marks, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="row mb-2">
        <div className="col-12 col-sm-4 d-flex justify-content-between gap-2">
          <dt className="fw-normal">{t('rollover.years.total')}</dt>
          <dd className="mb-1 fw-bold">
            {numberIn(marks.total, locale)} /{' '}
            {numberIn(marks.subjects.length * MAX_MARKS_PER_SUBJECT, locale)}
          </dd>
        </div>
        <div className="col-12 col-sm-4 d-flex justify-content-between gap-2">
          <dt className="fw-normal">{t('rollover.years.percentage')}</dt>
          <dd className="mb-1 fw-bold">{percentIn(marks.percentage, locale)}</dd>
        </div>
        <div className="col-12 col-sm-4 d-flex justify-content-between gap-2">
          <dt className="fw-normal">{t('rollover.years.division')}</dt>
          <dd className="mb-1 fw-bold">{t(DIVISION_KEYS[marks.division])}</dd>
        </div>
      </dl>
      <Link to={schoolPaths.resultSummary(studentId, term.termId)}>
        {t('rollover.years.markSheetLink', { term: termName })}
      </Link>
    </section>
  );
}

function YearCard({ studentId, year }: { studentId: number; year: PupilYear }) {
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
        {year.terms.some((term) => term.marks !== null) ? (
          <div className="d-grid gap-2 mt-3">
            {year.terms.map((term) => (
              <TermMarks key={term.termId} studentId={studentId} term={term} year={year} />
            ))}
          </div>
        ) : (
          <p className="mt-2 mb-0">{t('rollover.years.noMarks')}</p>
        )}
      </div>
    </li>
  );
}

/**
 * A pupil's school years (docs/decisions/0091-the-year-rollover.md), the latest first, each under
 * its name with the class, the attendance, the invoices and each term's marks of that year
 * (0094-last-years-mark-sheets.md): what a family keeps reading after the pupil moved up or left. `children` adds links beside it (the app's composition).
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
            <YearCard key={year.yearId} studentId={studentId} year={year} />
          ))}
        </ul>
      ) : null}
      {children}
    </SchoolPanel>
  );
}

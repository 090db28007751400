import type { ReactNode } from 'react';
import { percentIn } from '../../../components/school/numbers.js';
import { FailureState, LoadingState, QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { usePupil } from '../../../lib/school/get-pupil.js';
import { shortDate } from '../../../lib/school-time.js';
import { useAttendanceHistory } from '../api/get-attendance-history.js';

function AttendanceHistoryView({ studentId }: { studentId: number }) {
  const { t, locale } = useI18n();
  const history = useAttendanceHistory(studentId);
  return (
    <QueryState query={history} isEmpty={(data) => data.days.length === 0}>
      {({ days, totals }) => {
        const newestFirst = [...days].sort((a, b) => b.date.localeCompare(a.date));
        return (
          <>
            <dl className="attendance-totals">
              <div className="attendance-totals__item attendance-totals__item--1">
                <dt>{t('common.attendance.1')}</dt>
                <dd>{totals.present}</dd>
              </div>
              <div className="attendance-totals__item attendance-totals__item--2">
                <dt>{t('common.attendance.2')}</dt>
                <dd>{totals.absent}</dd>
              </div>
              <div className="attendance-totals__item attendance-totals__item--3">
                <dt>{t('common.attendance.3')}</dt>
                <dd>{totals.leave}</dd>
              </div>
              <div className="attendance-totals__item attendance-totals__item--percent">
                <dt>{t('attendance.history.present')}</dt>
                <dd>{percentIn(totals.percentPresent, locale)}</dd>
              </div>
            </dl>
            <SchoolTable
              label={t('attendance.history.label')}
              rows={newestFirst}
              rowKey={(day) => day.date}
              columns={[
                {
                  header: t('attendance.history.date'),
                  cellClassName: 'text-nowrap',
                  cell: (day) => <time dateTime={day.date}>{shortDate(day.date, locale)}</time>,
                },
                {
                  header: t('attendance.sheet.status'),
                  cell: (day) => (
                    <>
                      <span className={`attendance-status attendance-status--${day.status}`}>
                        {t(`common.attendance.${day.status}`)}
                      </span>
                      {/* Saved before the day was closed: listed, counted in no total (decision 0088). */}
                      {day.closed ? (
                        <span className="attendance-status attendance-status--closed ms-2">
                          {t('attendance.history.closed')}
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  header: t('attendance.sheet.description'),
                  cellClassName: 'school-table__text',
                  cell: (day) => day.description,
                },
              ]}
            />
          </>
        );
      }}
    </QueryState>
  );
}

/**
 * /student-attendence/:id (docs/contract/fixes-and-gaps.md#fix-4): pupil {id}'s attendance history with
 * totals.
 */
export function StudentAttendanceHistoryScreen({ studentId }: { studentId: number }) {
  const { t } = useI18n();
  const pupil = usePupil(studentId);
  return (
    <SchoolPanel
      title={
        pupil.data
          ? t('attendance.history.titleOf', { name: pupil.data.name })
          : t('attendance.history.title')
      }
      lead={t('attendance.history.lead')}
    >
      <AttendanceHistoryView studentId={studentId} />
    </SchoolPanel>
  );
}

/**
 * /attendance-report (docs/contract/fixes-and-gaps.md#fix-5): the logged-in pupil's own attendance history.
 */
export function OwnAttendanceScreen() {
  const { t } = useI18n();
  const user = useCurrentUser();
  let body: ReactNode;
  if (user.isError && !user.data) body = <FailureState error={user.error} retry={user.refetch} />;
  else if (!user.data) body = <LoadingState />;
  else body = <AttendanceHistoryView studentId={user.data.id} />;
  return (
    <SchoolPanel title={t('attendance.own.title')} lead={t('attendance.own.lead')}>
      {body}
    </SchoolPanel>
  );
}

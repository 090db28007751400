import type { ReactNode } from 'react';
import { FailureState, LoadingState, QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { attendanceLabel, formatPercent } from '../../../lib/school/format.js';
import { usePupil } from '../../../lib/school/get-pupil.js';
import { shortDate } from '../../../lib/school-time.js';
import { useAttendanceHistory } from '../api/get-attendance-history.js';

function AttendanceHistoryView({ studentId }: { studentId: number }) {
  const history = useAttendanceHistory(studentId);
  return (
    <QueryState query={history} isEmpty={(data) => data.days.length === 0}>
      {({ days, totals }) => {
        const newestFirst = [...days].sort((a, b) => b.date.localeCompare(a.date));
        return (
          <>
            <dl className="attendance-totals">
              <div className="attendance-totals__item attendance-totals__item--1">
                <dt>Present</dt>
                <dd>{totals.present}</dd>
              </div>
              <div className="attendance-totals__item attendance-totals__item--2">
                <dt>Absent</dt>
                <dd>{totals.absent}</dd>
              </div>
              <div className="attendance-totals__item attendance-totals__item--3">
                <dt>On Leave</dt>
                <dd>{totals.leave}</dd>
              </div>
              <div className="attendance-totals__item attendance-totals__item--percent">
                <dt>Present %</dt>
                <dd>{formatPercent(totals.percentPresent)}</dd>
              </div>
            </dl>
            <SchoolTable
              label="Days of attendance"
              rows={newestFirst}
              rowKey={(day) => day.date}
              columns={[
                {
                  header: 'Date',
                  cellClassName: 'text-nowrap',
                  cell: (day) => <time dateTime={day.date}>{shortDate(day.date)}</time>,
                },
                {
                  header: 'Status',
                  cell: (day) => (
                    <span className={`attendance-status attendance-status--${day.status}`}>
                      {attendanceLabel(day.status)}
                    </span>
                  ),
                },
                {
                  header: 'Description',
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
  const pupil = usePupil(studentId);
  return (
    <SchoolPanel
      title={pupil.data ? `Attendance of ${pupil.data.name}` : 'Attendance history'}
      lead="Every school day saved for this pupil, newest first."
    >
      <AttendanceHistoryView studentId={studentId} />
    </SchoolPanel>
  );
}

/**
 * /attendance-report (docs/contract/fixes-and-gaps.md#fix-5): the logged-in pupil's own attendance history.
 */
export function OwnAttendanceScreen() {
  const user = useCurrentUser();
  let body: ReactNode;
  if (user.isError && !user.data) body = <FailureState error={user.error} retry={user.refetch} />;
  else if (!user.data) body = <LoadingState />;
  else body = <AttendanceHistoryView studentId={user.data.id} />;
  return (
    <SchoolPanel title="My attendance" lead="Every school day saved for you, newest first.">
      {body}
    </SchoolPanel>
  );
}

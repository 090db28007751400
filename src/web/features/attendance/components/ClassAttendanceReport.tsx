import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolDateField } from '../../../components/school/SchoolField.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { formatPercent } from '../../../lib/school/format.js';
import { addDaysIso, todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useClassAttendanceReport } from '../api/get-class-attendance-report.js';

/** The report starts with the last 30 days, today included. */
export const REPORT_DAYS = 30;

/**
 * The Attendance Report of the Student-attendence screen (its behaviour is ours): each pupil's
 * Present, Absent and On Leave days over a date range, and the share of days present.
 */
export function ClassAttendanceReportPanel({ classId, className }: { classId: number; className: string }) {
  const id = useId();
  const today = todayInZone(useSchoolTimeZone());
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(() => addDaysIso(today, -(REPORT_DAYS - 1)));
  const report = useClassAttendanceReport(classId, from, to);
  const rangeProblem =
    from === '' || to === ''
      ? 'Choose both dates.'
      : from > to
        ? 'The first date must not be after the last.'
        : undefined;

  return (
    <SchoolPanel
      title={`Attendance Report: ${className}`}
      lead="Each pupil's days over the chosen dates."
      className="attendance-report"
    >
      <div className="attendance-toolbar">
        <SchoolDateField
          id={`${id}-from`}
          label="From"
          value={from}
          max={to || undefined}
          onChange={setFrom}
        />
        <SchoolDateField id={`${id}-to`} label="To" value={to} min={from || undefined} onChange={setTo} />
      </div>
      {rangeProblem ? (
        <p className="school-state school-state--notice" role="alert">
          {rangeProblem}
        </p>
      ) : (
        <QueryState query={report} isEmpty={(data) => data.pupils.length === 0}>
          {(data) => (
            <>
              <p className="attendance-report__days">
                {data.days === 1 ? '1 school day' : `${data.days} school days`} with attendance saved.
              </p>
              <SchoolTable
                label={`Attendance report of ${className}`}
                rows={data.pupils}
                rowKey={(pupil) => pupil.studentId}
                columns={[
                  { header: 'Student Name', cell: (pupil) => pupil.studentName },
                  {
                    header: 'Present',
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => pupil.present,
                  },
                  {
                    header: 'Absent',
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => pupil.absent,
                  },
                  {
                    header: 'On Leave',
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => pupil.leave,
                  },
                  {
                    header: '% present',
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => formatPercent(pupil.percentPresent),
                  },
                  {
                    header: <HiddenText>History</HiddenText>,
                    cellClassName: 'text-end',
                    cell: (pupil) => (
                      <Link to={schoolPaths.attendanceHistory(pupil.studentId)} className="text-nowrap">
                        History <HiddenText>of {pupil.studentName}</HiddenText>
                      </Link>
                    ),
                  },
                ]}
              />
            </>
          )}
        </QueryState>
      )}
    </SchoolPanel>
  );
}

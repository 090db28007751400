import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolDateField } from '../../../components/school/SchoolField.js';
import { HiddenText, SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { type ClassDayAttendance, useAttendanceOverview } from '../api/get-attendance-overview.js';

const COUNTS = ['pupils', 'present', 'absent', 'leave', 'unmarked'] as const;

function OverviewTable({ rows, date }: { rows: ClassDayAttendance[]; date: string }) {
  const total = (field: (typeof COUNTS)[number]) => rows.reduce((sum, row) => sum + row[field], 0);
  return (
    <TableWrap label="Classes on the day">
      <table className="table school-table">
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col" className="text-end">
              Pupils
            </th>
            <th scope="col" className="text-end">
              Present
            </th>
            <th scope="col" className="text-end">
              Absent
            </th>
            <th scope="col" className="text-end">
              On Leave
            </th>
            <th scope="col" className="text-end">
              Not marked
            </th>
            <th scope="col">
              <span className="visually-hidden">Class attendance</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.classId}>
              <th scope="row">{row.className}</th>
              {COUNTS.map((field) => (
                <td
                  key={field}
                  className={`text-end${field === 'unmarked' && row.unmarked > 0 ? ' attendance-unmarked' : ''}`}
                >
                  {row[field]}
                </td>
              ))}
              <td className="text-end">
                <Link
                  to={schoolPaths.classAttendance(row.classId, date)}
                  className="btn btn-sm btn-outline-primary rounded-pill text-nowrap"
                >
                  Open <HiddenText>attendance of {row.className}</HiddenText>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
        {rows.length > 1 ? (
          <tfoot>
            <tr>
              <th scope="row">All classes</th>
              {COUNTS.map((field) => (
                <td key={field} className="text-end">
                  {total(field)}
                </td>
              ))}
              <td />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </TableWrap>
  );
}

/**
 * Attendence, /attendence (docs/contract/fixes-and-gaps.md#fix-5): for a principal, each class's attendance
 * on a chosen day, with a link to that class's attendance screen.
 */
export function AttendanceOverviewScreen() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const today = todayInZone(useSchoolTimeZone());
  const date = params.get('date') ?? today;
  const overview = useAttendanceOverview(date);
  return (
    <SchoolPanel title="Attendance by class" lead="How every class is doing on the chosen day.">
      <div className="attendance-toolbar">
        <SchoolDateField
          id={`${id}-date`}
          label="Date"
          value={date}
          max={today}
          onChange={(value) => setParams({ date: value }, { replace: true })}
        />
      </div>
      {date === '' ? (
        <p className="school-state school-state--empty">Choose a date to see its attendance.</p>
      ) : (
        <QueryState query={overview}>{(rows) => <OverviewTable rows={rows} date={date} />}</QueryState>
      )}
    </SchoolPanel>
  );
}

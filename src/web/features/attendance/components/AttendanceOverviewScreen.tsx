import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolDateField } from '../../../components/school/SchoolField.js';
import { HiddenText, SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { type ClassDayAttendance, useAttendanceOverview } from '../api/get-attendance-overview.js';

const COUNTS = ['pupils', 'present', 'absent', 'leave', 'unmarked'] as const;

function OverviewTable({ rows, date }: { rows: ClassDayAttendance[]; date: string }) {
  const { t } = useI18n();
  const total = (field: (typeof COUNTS)[number]) => rows.reduce((sum, row) => sum + row[field], 0);
  return (
    <TableWrap label={t('attendance.overview.label')}>
      <table className="table school-table">
        <thead>
          <tr>
            <th scope="col">{t('attendance.class.class')}</th>
            <th scope="col" className="text-end">
              {t('attendance.overview.pupils')}
            </th>
            <th scope="col" className="text-end">
              {t('common.attendance.1')}
            </th>
            <th scope="col" className="text-end">
              {t('common.attendance.2')}
            </th>
            <th scope="col" className="text-end">
              {t('common.attendance.3')}
            </th>
            <th scope="col" className="text-end">
              {t('attendance.overview.unmarked')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('attendance.overview.classAttendance')}</span>
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
                  {t('attendance.overview.open')}{' '}
                  <HiddenText>
                    {t('attendance.overview.attendanceOf', { className: row.className })}
                  </HiddenText>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
        {rows.length > 1 ? (
          <tfoot>
            <tr>
              <th scope="row">{t('attendance.overview.all')}</th>
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
  const { t } = useI18n();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const today = todayInZone(useSchoolTimeZone());
  const date = params.get('date') ?? today;
  const overview = useAttendanceOverview(date);
  return (
    <SchoolPanel title={t('attendance.overview.title')} lead={t('attendance.overview.lead')}>
      <div className="attendance-toolbar">
        <SchoolDateField
          id={`${id}-date`}
          label={t('attendance.class.date')}
          value={date}
          max={today}
          onChange={(value) => setParams({ date: value }, { replace: true })}
        />
      </div>
      {date === '' ? (
        <p className="school-state school-state--empty">{t('attendance.class.chooseDate')}</p>
      ) : (
        <QueryState query={overview}>{(rows) => <OverviewTable rows={rows} date={date} />}</QueryState>
      )}
    </SchoolPanel>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import { percentIn } from '../../../components/school/numbers.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolDateField } from '../../../components/school/SchoolField.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { addDaysIso, todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useClassAttendanceReport } from '../api/get-class-attendance-report.js';

/** The report starts with the last 30 days, today included. */
export const REPORT_DAYS = 30;

/**
 * The Attendance Report of the Student-attendence screen (its behaviour is ours): each pupil's
 * Present, Absent and On Leave days over a date range, and the share of days present.
 */
export function ClassAttendanceReportPanel({ classId, className }: { classId: number; className: string }) {
  const { t, locale } = useI18n();
  const id = useId();
  const today = todayInZone(useSchoolTimeZone());
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(() => addDaysIso(today, -(REPORT_DAYS - 1)));
  const report = useClassAttendanceReport(classId, from, to);
  const rangeProblem =
    from === '' || to === ''
      ? t('attendance.report.chooseBoth')
      : from > to
        ? t('attendance.report.badRange')
        : undefined;

  return (
    <SchoolPanel
      title={t('attendance.report.title', { className })}
      lead={t('attendance.report.lead')}
      className="attendance-report"
    >
      <div className="attendance-toolbar">
        <SchoolDateField
          id={`${id}-from`}
          label={t('attendance.report.from')}
          value={from}
          max={to || undefined}
          onChange={setFrom}
        />
        <SchoolDateField
          id={`${id}-to`}
          label={t('attendance.report.to')}
          value={to}
          min={from || undefined}
          onChange={setTo}
        />
      </div>
      {rangeProblem ? (
        <p className="school-state school-state--notice" role="alert">
          {rangeProblem}
        </p>
      ) : (
        <QueryState query={report} isEmpty={(data) => data.pupils.length === 0}>
          {(data) => (
            <>
              <p className="attendance-report__days">{t('attendance.report.days', { days: data.days })}</p>
              <SchoolTable
                label={t('attendance.report.label', { className })}
                rows={data.pupils}
                rowKey={(pupil) => pupil.studentId}
                columns={[
                  { header: t('attendance.sheet.name'), cell: (pupil) => pupil.studentName },
                  {
                    header: t('common.attendance.1'),
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => pupil.present,
                  },
                  {
                    header: t('common.attendance.2'),
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => pupil.absent,
                  },
                  {
                    header: t('common.attendance.3'),
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => pupil.leave,
                  },
                  {
                    header: t('attendance.report.percent'),
                    headerClassName: 'text-end',
                    cellClassName: 'text-end',
                    cell: (pupil) => percentIn(pupil.percentPresent, locale),
                  },
                  {
                    header: <HiddenText>{t('attendance.report.history')}</HiddenText>,
                    cellClassName: 'text-end',
                    cell: (pupil) => (
                      <Link to={schoolPaths.attendanceHistory(pupil.studentId)} className="text-nowrap">
                        {t('attendance.report.history')}{' '}
                        <HiddenText>
                          {t('attendance.report.historyOf', { name: pupil.studentName })}
                        </HiddenText>
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

import { Link, useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { attendanceHistoryQueryOptions } from '../../../features/attendance/api/get-attendance-history.js';
import { StudentAttendanceHistoryScreen } from '../../../features/attendance/components/AttendanceHistoryScreen.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => [
  queryClient.ensureQueryData(attendanceHistoryQueryOptions(id)),
]);

/**
 * /student-attendence/:id (docs/contract/fixes-and-gaps.md#fix-4): a pupil's attendance history,
 * and the way to their school years (docs/decisions/0091-the-year-rollover.md).
 */
export default function StudentAttendanceHistoryRoute() {
  const { t } = useI18n();
  const id = parseId(useParams().id);
  if (id === undefined) return <NotFoundScreen />;
  return (
    <>
      <StudentAttendanceHistoryScreen studentId={id} />
      <p className="container">
        <Link to={schoolPaths.pastYears(id)}>{t('rollover.years.title')}</Link>
      </p>
    </>
  );
}

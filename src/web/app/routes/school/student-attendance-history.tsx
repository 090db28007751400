import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { attendanceHistoryQueryOptions } from '../../../features/attendance/api/get-attendance-history.js';
import { StudentAttendanceHistoryScreen } from '../../../features/attendance/components/AttendanceHistoryScreen.js';
import { parseId } from '../../../lib/school/format.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => [
  queryClient.ensureQueryData(attendanceHistoryQueryOptions(id)),
]);

/** /student-attendence/:id (docs/contract/fixes-and-gaps.md#fix-4): a pupil's attendance history. */
export default function StudentAttendanceHistoryRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <StudentAttendanceHistoryScreen studentId={id} />;
}

import { useParams } from 'react-router';
import { attendanceHistoryQueryOptions } from '../../../features/school/api/get-attendance-history.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { StudentAttendanceHistoryScreen } from '../../../features/school/components/AttendanceHistoryScreen.js';
import { NotFoundScreen } from '../../../features/school/components/NotFoundScreen.js';
import { parseId } from '../../../features/school/lib/format.js';

export const clientLoader = schoolLoader((queryClient, { params }) => {
  const id = parseId(params.id);
  return id === undefined ? [] : [queryClient.ensureQueryData(attendanceHistoryQueryOptions(id))];
});

/** /student-attendence/:id (docs/contract/fixes-and-gaps.md#fix-4): a pupil's attendance history. */
export default function StudentAttendanceHistoryRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <StudentAttendanceHistoryScreen studentId={id} />;
}

import { attendanceHistoryQueryOptions } from '../../../features/school/api/get-attendance-history.js';
import { currentUserQueryOptions } from '../../../features/school/api/get-current-user.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { OwnAttendanceScreen } from '../../../features/school/components/AttendanceHistoryScreen.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient
    .ensureQueryData(currentUserQueryOptions())
    .then((user) => queryClient.ensureQueryData(attendanceHistoryQueryOptions(user.id))),
]);

/** Attendance-report (docs/contract/fixes-and-gaps.md#fix-5): a student's own attendance history. */
export default function AttendanceReportRoute() {
  return <OwnAttendanceScreen />;
}

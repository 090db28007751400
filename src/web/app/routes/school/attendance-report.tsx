import { attendanceHistoryQueryOptions } from '../../../features/attendance/api/get-attendance-history.js';
import { OwnAttendanceScreen } from '../../../features/attendance/components/AttendanceHistoryScreen.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient
    .ensureQueryData(currentUserQueryOptions())
    .then((user) => queryClient.ensureQueryData(attendanceHistoryQueryOptions(user.id))),
]);

/** Attendance-report (docs/contract/fixes-and-gaps.md#fix-5): a student's own attendance history. */
export default function AttendanceReportRoute() {
  return <OwnAttendanceScreen />;
}

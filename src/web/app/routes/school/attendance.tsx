import { attendanceOverviewQueryOptions } from '../../../features/attendance/api/get-attendance-overview.js';
import { AttendanceOverviewScreen } from '../../../features/attendance/components/AttendanceOverviewScreen.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';
import { cachedSchoolTimeZone, isIsoDate, todayInZone } from '../../../lib/school-time.js';

export const clientLoader = schoolLoader((queryClient, { request }) => {
  const date = new URL(request.url).searchParams.get('date');
  return [
    queryClient.ensureQueryData(
      attendanceOverviewQueryOptions(isIsoDate(date) ? date : todayInZone(cachedSchoolTimeZone(queryClient))),
    ),
  ];
});

/**
 * /attendence (the contract's spelling of the path), for a principal
 * (docs/contract/fixes-and-gaps.md#fix-5): each class's attendance for a day.
 */
export default function AttendanceRoute() {
  return <AttendanceOverviewScreen />;
}

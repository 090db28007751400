import { attendanceOverviewQueryOptions } from '../../../features/school/api/get-attendance-overview.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { AttendanceOverviewScreen } from '../../../features/school/components/AttendanceOverviewScreen.js';
import { isIsoDate, todayIso } from '../../../features/school/lib/dates.js';

export const clientLoader = schoolLoader((queryClient, { request }) => {
  const date = new URL(request.url).searchParams.get('date');
  return [queryClient.ensureQueryData(attendanceOverviewQueryOptions(isIsoDate(date) ? date : todayIso()))];
});

/** Attendence, for a principal (docs/contract/fixes-and-gaps.md#fix-5): each class's attendance for a day. */
export default function AttendenceRoute() {
  return <AttendanceOverviewScreen />;
}

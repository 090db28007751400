import { scheduleClassesQueryOptions } from '../../../features/timetable/api/get-schedule.js';
import { ScheduleScreen } from '../../../features/timetable/components/ScheduleScreens.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(scheduleClassesQueryOptions()),
]);

/** Schedule (docs/contract/product.md#school-screens): classes with View Schedule Details. */
export default function ScheduleRoute() {
  return <ScheduleScreen />;
}

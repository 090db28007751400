import { scheduleClassesQueryOptions } from '../../../features/school/api/get-schedule.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { ScheduleScreen } from '../../../features/school/components/ScheduleScreens.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(scheduleClassesQueryOptions()),
]);

/** Schedule (docs/contract/product.md#school-screens): classes with View Schedule Details. */
export default function ScheduleRoute() {
  return <ScheduleScreen />;
}

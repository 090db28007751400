import { TodayScreen } from '../../../features/register/components/TodayScreen.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
  queryClient.ensureQueryData(currentUserQueryOptions()),
]);

/** Today (docs/decisions/0021-families.md#staff-screens): the class's register of arrivals and departures. */
export default function TodayRoute() {
  return <TodayScreen />;
}

import { assignedClassesQueryOptions } from '../../../features/school/api/get-assigned-classes.js';
import { currentUserQueryOptions } from '../../../features/school/api/get-current-user.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { SendNotificationScreen } from '../../../features/school-admin/components/SendNotificationScreen.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(currentUserQueryOptions()),
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
]);

/**
 * Send Notification (docs/decisions/0009-running-the-school-year.md): to a class, one pupil, or (principal)
 * everyone.
 */
export default function SendNotificationRoute() {
  return <SendNotificationScreen />;
}

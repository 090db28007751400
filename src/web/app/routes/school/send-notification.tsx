import { SendNotificationScreen } from '../../../features/notifications/components/SendNotificationScreen.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

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

import { NotificationsScreen } from '../../../features/notifications/components/NotificationsScreen.js';
import { notificationsQueryOptions } from '../../../lib/school/get-notifications.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(notificationsQueryOptions()),
]);

/** Notification (docs/contract/product.md#school-screens): Student Name, Class, notification. */
export default function NotificationRoute() {
  return <NotificationsScreen />;
}

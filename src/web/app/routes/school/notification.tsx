import { notificationsQueryOptions } from '../../../features/school/api/get-notifications.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { NotificationsScreen } from '../../../features/school/components/NotificationsScreen.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(notificationsQueryOptions()),
]);

/** Notification (docs/contract/product.md#school-screens): Student Name, Class, notification. */
export default function NotificationRoute() {
  return <NotificationsScreen />;
}

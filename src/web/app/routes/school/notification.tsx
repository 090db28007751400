import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Notification (spec 2.5): Student Name, Class, notification. */
export default function NotificationRoute() {
  return <ScreenPlaceholder />;
}

import { AlertSettingsScreen } from '../../../features/alerts/components/AlertSettingsScreen.js';

/** Notification settings (docs/decisions/0081-push-and-live.md): push, email or off per kind of news. */
export default function NotificationSettingsRoute() {
  return <AlertSettingsScreen />;
}

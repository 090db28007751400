import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { paths } from '../../../config/paths.js';
import { profileQueryOptions, useProfile } from '../../../features/accounts/api/get-profile.js';
import { Dashboard } from '../../../features/accounts/components/Dashboard.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { dashboardTilesFor } from '../../../features/accounts/lib/tiles.js';
import { notificationsQueryOptions } from '../../../features/school/api/get-notifications.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.ensureQueryData(profileQueryOptions())]);

/**
 * Dashboard (spec 2.5): one tile per menu item of the user's type. The Notification tile says how
 * many notes are not yet read; the count is fetched after the tiles show, so it never holds them up.
 */
export default function DashboardRoute() {
  const user = useProfile().data;
  const hasNotifications =
    user !== undefined &&
    (dashboardTilesFor(user.type) ?? []).some((tile) => tile.path === paths.notifications);
  const notifications = useQuery({ ...notificationsQueryOptions(), enabled: hasNotifications });
  const unread = notifications.data?.filter((note) => note.unread).length ?? 0;
  return <Dashboard newCounts={{ [paths.notifications]: unread }} />;
}

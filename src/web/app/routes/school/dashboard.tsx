import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { paths } from '../../../config/paths.js';
import { pendingUsersQueryOptions } from '../../../features/accounts/api/list-users.js';
import { Dashboard } from '../../../features/accounts/components/Dashboard.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { APPROVALS_TILE, dashboardTilesFor, INBOX_TILE } from '../../../features/accounts/lib/tiles.js';
import { inboxQueryOptions } from '../../../features/inbox/api/inbox.js';
import { notificationsQueryOptions } from '../../../features/notifications/api/get-notifications.js';
import { currentUserQueryOptions, useCurrentUser } from '../../../lib/current-user.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.ensureQueryData(currentUserQueryOptions())]);

/**
 * Dashboard (spec 2.5): one tile per menu item of the user's type. Tiles say what waits behind them:
 * notes not yet read, and for the principal registrations to approve and open messages. The counts
 * are fetched after the tiles show, so they never hold them up.
 */
export default function DashboardRoute() {
  const user = useCurrentUser().data;
  const tiles = user === undefined ? [] : (dashboardTilesFor(user.type) ?? []);
  const has = (path: string) => tiles.some((tile) => tile.path === path);
  const notifications = useQuery({ ...notificationsQueryOptions(), enabled: has(paths.notifications) });
  const pending = useQuery({ ...pendingUsersQueryOptions(), enabled: has(APPROVALS_TILE.path) });
  const inbox = useQuery({ ...inboxQueryOptions({ handled: false }), enabled: has(INBOX_TILE.path) });
  return (
    <Dashboard
      newCounts={{
        [paths.notifications]: {
          count: notifications.data?.filter((note) => note.unread).length ?? 0,
          word: 'new',
        },
        [APPROVALS_TILE.path]: { count: pending.data?.length ?? 0, word: 'waiting' },
        [INBOX_TILE.path]: { count: inbox.data?.meta.unhandled ?? 0, word: 'open' },
      }}
    />
  );
}

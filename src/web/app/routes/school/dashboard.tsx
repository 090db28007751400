import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { mayOpen, type ScreenPath } from '../../../../shared/screens.js';
import { paths } from '../../../config/paths.js';
import { pendingUsersQueryOptions } from '../../../features/accounts/api/list-users.js';
import { Dashboard } from '../../../features/accounts/components/Dashboard.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { APPROVALS_TILE, INBOX_TILE } from '../../../features/accounts/lib/tiles.js';
import { ParentDashboard } from '../../../features/family/components/ParentDashboard.js';
import { inboxQueryOptions } from '../../../features/inbox/api/inbox.js';
import { notificationsQueryOptions } from '../../../features/notifications/api/get-notifications.js';
import { currentUserQueryOptions, useCurrentUser } from '../../../lib/current-user.js';
import { childrenQueryOptions } from '../../../lib/school/get-children.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [
      queryClient
        .ensureQueryData(currentUserQueryOptions())
        // A parent's dashboard shows their children (docs/decisions/0021-families.md).
        .then((user) =>
          user.type === USER_TYPE.parent ? queryClient.ensureQueryData(childrenQueryOptions()) : null,
        ),
    ]);

/**
 * Dashboard (docs/contract/product.md#school-screens): one tile per menu item of the user's type. Tiles say
 * what waits behind them: notes not yet read, and for the principal registrations to approve and open
 * messages. The counts are fetched after the tiles show, so they never hold them up. A parent gets
 * their children's area instead (docs/decisions/0021-families.md#parent-screens).
 */
export default function DashboardRoute() {
  const user = useCurrentUser().data;
  // Only what the user may open is counted: the others' calls would be refused.
  const may = (path: ScreenPath) => user !== undefined && mayOpen(user.type, path);
  const notifications = useQuery({ ...notificationsQueryOptions(), enabled: may('/notification') });
  const pending = useQuery({ ...pendingUsersQueryOptions(), enabled: may('/approvals') });
  const inbox = useQuery({ ...inboxQueryOptions({ handled: false }), enabled: may('/inbox') });
  const unreadNotes = notifications.data?.filter((note) => note.unread).length ?? 0;
  return (
    <Dashboard
      areaFor={(viewer) =>
        viewer.type === USER_TYPE.parent ? <ParentDashboard unreadNotes={unreadNotes} /> : undefined
      }
      newCounts={{
        [paths.notifications]: {
          count: unreadNotes,
          word: 'new',
        },
        [APPROVALS_TILE.path]: { count: pending.data?.length ?? 0, word: 'waiting' },
        [INBOX_TILE.path]: { count: inbox.data?.meta.unhandled ?? 0, word: 'open' },
      }}
    />
  );
}

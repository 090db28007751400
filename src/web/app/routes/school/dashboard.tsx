import { type QueryClient, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunction } from 'react-router';
import { type SchoolType, USER_TYPE } from '../../../../shared/constants.js';
import { groupedTilesOf } from '../../../../shared/dashboard-groups.js';
import {
  type DashboardTile,
  linkTo,
  mayOpen,
  type ScreenPath,
  tileMessageKeys,
} from '../../../../shared/screens.js';
import { LoadingState } from '../../../components/school/QueryState.js';
import { paths } from '../../../config/paths.js';
import { pendingUsersQueryOptions } from '../../../features/accounts/api/list-users.js';
import { AccountIcon } from '../../../features/accounts/components/AccountIcon.js';
import { Dashboard, type TileCounts } from '../../../features/accounts/components/Dashboard.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import {
  APPROVALS_TILE,
  dailyTilesFirst,
  dashboardTilesFor,
  INBOX_TILE,
  tileLook,
} from '../../../features/accounts/lib/tiles.js';
import { comingUpQueryOptions } from '../../../features/dashboard/api/get-coming-up.js';
import { dashboardTodayQueryOptions } from '../../../features/dashboard/api/get-today.js';
import { ComingUpPanel } from '../../../features/dashboard/components/ComingUpPanel.js';
import { TileGroups } from '../../../features/dashboard/components/TileGroups.js';
import { TodayPanel } from '../../../features/dashboard/components/TodayPanel.js';
import { ParentDashboard } from '../../../features/family/components/ParentDashboard.js';
import { inboxQueryOptions } from '../../../features/inbox/api/inbox.js';
import { currentUserQueryOptions, useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { childrenQueryOptions } from '../../../lib/school/get-children.js';
import { notificationsQueryOptions, unreadNotificationsOf } from '../../../lib/school/get-notifications.js';
import { unreadMessagesQueryOptions } from '../../../lib/school/get-unread-messages.js';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';

/** A parent's child's day: the daily log, photos and conversation, loaded for parents only. */
const ParentChildDay = lazy(() => import('../../parent-child-day.js'));

/** The types whose dashboard starts with the day (docs/decisions/0052-dashboards-that-say-what-needs-doing.md). */
const hasToday = (type: string): type is SchoolType =>
  type === USER_TYPE.teacher || type === USER_TYPE.principal;

/** The types whose home says what the school calendar holds ahead: every school account. */
const hasComingUp = (type: string): boolean =>
  type === USER_TYPE.parent || type === USER_TYPE.student || hasToday(type);

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [
      queryClient.ensureQueryData(currentUserQueryOptions()).then((user): Promise<unknown> | null => {
        // A parent's dashboard shows their children (docs/decisions/0021-families.md); staff's starts with today.
        if (user.type === USER_TYPE.parent) return queryClient.ensureQueryData(childrenQueryOptions());
        if (hasToday(user.type)) return queryClient.ensureQueryData(dashboardTodayQueryOptions());
        return null;
      }),
      // Every school account's home says what is coming up (docs/decisions/0088-closed-days.md).
      queryClient
        .ensureQueryData(currentUserQueryOptions())
        .then((user) =>
          hasComingUp(user.type) ? queryClient.ensureQueryData(comingUpQueryOptions()) : null,
        ),
    ]);

/** The tiles of a staff dashboard, after its day: grouped for the principal, daily ones first on a phone. */
function StaffTiles({ type, counts }: { type: SchoolType; counts: TileCounts }) {
  const { t } = useI18n();
  const phone = useMediaQuery(PHONE_QUERY);
  const all = dashboardTilesFor(type) ?? [];
  // As the one list did (docs/decisions/0016-phone-layout.md): the order is the page's, not CSS's.
  const tiles = phone && type === USER_TYPE.principal ? dailyTilesFirst(all) : all;
  const pillOf = (tile: DashboardTile) => {
    const waiting = counts[tile.path];
    return waiting && waiting.count > 0
      ? t(`dashboard.pill.${waiting.word}`, { count: waiting.count })
      : undefined;
  };
  return (
    <TileGroups
      tiles={tiles}
      groups={groupedTilesOf(type)}
      iconOf={(tile) => <AccountIcon name={tileLook(tile.label).icon} />}
      blurbOf={(tile) => t(tileMessageKeys(tile).blurb)}
      pillOf={pillOf}
    />
  );
}

/**
 * Dashboard (docs/contract/product.md#school-screens): one tile per menu item of the user's type. Tiles say
 * what waits behind them: notes and messages not yet read, and for the principal registrations to approve, open
 * messages and blog comments waiting. The counts are fetched after the tiles show, so they never hold them up. A parent gets
 * their children's area instead (docs/decisions/0021-families.md#parent-screens); staff get the day
 * first, then their tiles, the principal's in groups
 * (docs/decisions/0052-dashboards-that-say-what-needs-doing.md).
 */
export default function DashboardRoute() {
  const user = useCurrentUser().data;
  // Only what the user may open is counted: the others' calls would be refused.
  const may = (path: ScreenPath) => user !== undefined && mayOpen(user.type, path);
  const notifications = useQuery({ ...notificationsQueryOptions(), enabled: may('/notification') });
  const messages = useQuery({ ...unreadMessagesQueryOptions(), enabled: may('/conversations') });
  const pending = useQuery({ ...pendingUsersQueryOptions(), enabled: may('/approvals') });
  const inbox = useQuery({ ...inboxQueryOptions({ handled: false }), enabled: may('/inbox') });
  // The day's figures, prefetched by the loader: the comments waiting are one of them.
  const today = useQuery({ ...dashboardTodayQueryOptions(), enabled: may('/blog-comments') });
  const unreadNotes = unreadNotificationsOf(notifications.data);
  const counts: TileCounts = {
    [paths.notifications]: { count: unreadNotes, word: 'new' },
    [linkTo('/conversations')]: { count: messages.data?.total ?? 0, word: 'new' },
    [APPROVALS_TILE.path]: { count: pending.data?.length ?? 0, word: 'waiting' },
    [INBOX_TILE.path]: { count: inbox.data?.meta.unhandled ?? 0, word: 'open' },
    [linkTo('/blog-comments')]: { count: today.data?.blogComments ?? 0, word: 'waiting' },
  };
  return (
    <Dashboard
      areaFor={(viewer) => {
        if (viewer.type === USER_TYPE.parent)
          return (
            <ParentDashboard
              unreadNotes={unreadNotes}
              unreadMessages={messages.data?.children}
              dayOf={(child) => (
                <Suspense fallback={<LoadingState />}>
                  <ParentChildDay child={child} />
                </Suspense>
              )}
            />
          );
        if (!hasToday(viewer.type)) return undefined;
        return (
          <>
            <TodayPanel type={viewer.type} />
            <ComingUpPanel />
            <StaffTiles type={viewer.type} counts={counts} />
          </>
        );
      }}
      // A family's and a pupil's home open on what is coming up; staff's comes after their day.
      leadFor={(viewer) =>
        viewer.type === USER_TYPE.parent || viewer.type === USER_TYPE.student ? <ComingUpPanel /> : undefined
      }
      newCounts={counts}
    />
  );
}

import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { profileQueryOptions } from '../../../features/accounts/api/get-profile.js';
import { Dashboard } from '../../../features/accounts/components/Dashboard.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.ensureQueryData(profileQueryOptions())]);

/** Dashboard (spec 2.5): one tile per menu item of the user's type. */
export default function DashboardRoute() {
  return <Dashboard />;
}

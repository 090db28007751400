import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { pendingUsersQueryOptions } from '../../../features/accounts/api/list-users.js';
import { Approvals } from '../../../features/accounts/components/Approvals.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.ensureQueryData(pendingUsersQueryOptions())]);

/** Approvals (docs/contract/fixes-and-gaps.md#fix-9): pending registrations for the principal. */
export default function ApprovalsRoute() {
  return <Approvals />;
}

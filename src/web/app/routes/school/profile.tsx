import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { OwnProfile } from '../../../features/accounts/components/ProfileScreen.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.ensureQueryData(currentUserQueryOptions())]);

/** Profile (docs/contract/product.md#school-screens): the logged-in user's own profile. */
export default function ProfileRoute() {
  return <OwnProfile />;
}

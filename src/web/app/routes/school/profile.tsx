import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { profileQueryOptions } from '../../../features/accounts/api/get-profile.js';
import { OwnProfile } from '../../../features/accounts/components/ProfileScreen.js';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.ensureQueryData(profileQueryOptions())]);

/** Profile (docs/contract/product.md#school-screens): the logged-in user's own profile. */
export default function ProfileRoute() {
  return <OwnProfile />;
}

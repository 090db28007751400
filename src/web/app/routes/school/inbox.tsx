import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { inboxQueryOptions } from '../../../features/inbox/api/inbox.js';
import { Inbox } from '../../../features/inbox/components/Inbox.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.prefetchQuery(inboxQueryOptions())]);

/** Inbox (issue #6): enquiries, bookings and newsletter subscribers for the principal. */
export default function InboxRoute() {
  return <Inbox />;
}

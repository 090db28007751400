import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { inboxQueryOptions } from '../../../features/inbox/api/inbox.js';
import { Inbox } from '../../../features/inbox/components/Inbox.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.prefetchQuery(inboxQueryOptions())]);

/**
 * Inbox (docs/decisions/0006-media-and-content-editing.md): enquiries, bookings and newsletter subscribers
 * for the principal.
 */
export default function InboxRoute() {
  return <Inbox />;
}

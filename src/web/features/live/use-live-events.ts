import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { registerServiceWorker } from '../../lib/service-worker.js';
import { useSessionToken } from '../../lib/session.js';
import { type EventSourceFactory, followLiveEvents } from './live-events.js';

/**
 * While someone is signed in, the school area's queries follow the live events (live-events.ts).
 * One stream per tab, opened again when the session changes.
 */
export function useLiveEvents(queryClient?: QueryClient, open?: EventSourceFactory): void {
  const fromContext = useQueryClient();
  const client = queryClient ?? fromContext;
  const token = useSessionToken();
  useEffect(() => {
    if (!token) return;
    // The installed app's worker (its shell and push), for signed-in users only: the public pages
    // load none of this code.
    registerServiceWorker();
    if (typeof EventSource === 'undefined') return;
    return followLiveEvents(client, open);
  }, [client, token, open]);
}

/** Renders nothing; keeps the live events followed (mounted once, in the app's providers). */
export function LiveEvents() {
  useLiveEvents();
  return null;
}

import type { QueryClient } from '@tanstack/react-query';
import { LIVE_QUERY_PREFIXES, LiveEventSchema } from '../../../shared/api/live.js';
import { apiUrl } from '../../lib/api-client.js';

/** The EventSource the page uses; a test passes its own. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/** How long to wait before opening the stream again after it failed: doubling, at most a minute. */
export const RECONNECT_MS = { first: 2_000, max: 60_000 };

/**
 * Follows the school area's event stream (`GET /api/events`, server-sent events; the session is the
 * cookie the browser sends) and makes stale the queries an event concerns, by the beginnings of
 * their keys (LIVE_QUERY_PREFIXES): the screens that show them fetch again, through the same calls and
 * rules as ever. The browser reconnects by itself after a dropped connection; when the server
 * refuses (the session ended), this closes it and tries again later, doubling the wait. Answers the
 * way to stop.
 */
export function followLiveEvents(
  queryClient: QueryClient,
  open: EventSourceFactory = (url) => new EventSource(url),
): () => void {
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = RECONNECT_MS.first;
  let stopped = false;

  const connect = () => {
    if (stopped) return;
    const current = open(apiUrl('/events'));
    source = current;
    current.addEventListener('live', (message) => {
      wait = RECONNECT_MS.first;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = LiveEventSchema.safeParse(data);
      if (!event.success) return;
      for (const prefix of LIVE_QUERY_PREFIXES[event.data.kind]) {
        void queryClient.invalidateQueries({ queryKey: prefix });
      }
    });
    // The server may have missed events: everything the live events concern is asked for again.
    current.addEventListener('resync', () => {
      const prefixes = new Map(
        Object.values(LIVE_QUERY_PREFIXES)
          .flat()
          .map((prefix) => [prefix.join('/'), prefix]),
      );
      for (const prefix of prefixes.values()) void queryClient.invalidateQueries({ queryKey: prefix });
    });
    current.addEventListener('open', () => {
      wait = RECONNECT_MS.first;
    });
    current.onerror = () => {
      // A refused stream (401, 503) is closed for good by the browser; a dropped one it reopens.
      // Closing and reopening ourselves covers both, at our pace.
      current.close();
      if (source !== current || stopped) return;
      source = undefined;
      timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, RECONNECT_MS.max);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    source = undefined;
  };
}

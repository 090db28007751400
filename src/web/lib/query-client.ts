import { isCancelledError, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.js';

export const STALE_TIME_MS = 30_000;

/** Longest a route loader waits for its data before the screen shows with empty fields. */
export const LOADER_WAIT_MS = 1500;

/** Retries once, but never a client error (4xx): asking again gives the same answer. */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Failed loads are shown where they happen (with Retry) and also logged (docs/contract/product.md#messages,
 * docs/contract/fixes-and-gaps.md#fix-7).
 */
function logQueryError(error: unknown, queryKey: readonly unknown[]): void {
  // A load given up on (the screen was left) is not a failure.
  if (isCancelledError(error)) return;
  console.error(`Could not load ${JSON.stringify(queryKey)}:`, error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => logQueryError(error, query.queryKey) }),
    defaultOptions: {
      queries: { retry: retryOnce, staleTime: STALE_TIME_MS },
    },
  });
}

/**
 * Waits until every promise settled or `ms` passed, whichever comes first, and never throws.
 * Route loaders use it to prefetch: a fast API gives a complete first paint, a slow or failing one
 * never holds the page back (the screen shows empty fields, then the data or its error with Retry).
 */
export async function settleWithin(promises: Promise<unknown>[], ms = LOADER_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), timeout]);
  clearTimeout(timer);
}

import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.js';
import { createQueryClient, hydratePageQueries, STALE_TIME_MS, settleWithin } from './query-client.js';

describe('query client', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps data fresh for 30 s and retries once, but not client errors', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(STALE_TIME_MS);
    expect(STALE_TIME_MS).toBe(30_000);
    const retry = queries?.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(retry(1, new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
  });

  it('logs failed loads', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queryClient = createQueryClient();
    const failure = new ApiError(500, 'INTERNAL', 'Boom');
    await queryClient
      .fetchQuery({ queryKey: ['content', 'home'], queryFn: () => Promise.reject(failure), retry: false })
      .catch(() => undefined);
    expect(logged).toHaveBeenCalledWith('Could not load ["content","home"]:', failure);
  });

  it('settleWithin waits for the work, never throws, and gives up after the time limit', async () => {
    await expect(settleWithin([Promise.reject(new Error('down'))])).resolves.toBeUndefined();

    vi.useFakeTimers();
    let done = false;
    const waiting = settleWithin([new Promise(() => {})], 1000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('takes a server-rendered page’s content as fresh however long ago the page was rendered', async () => {
    // The server rendered the page an hour ago (its page cache); one query failed there.
    const server = new QueryClient();
    const renderedAt = Date.now() - 3_600_000;
    server.setQueryData(['content', 'home'], [{ id: 1 }], { updatedAt: renderedAt });
    await server
      .fetchQuery({
        queryKey: ['content', 'blog'],
        queryFn: () => Promise.reject(new Error('down')),
        retry: false,
      })
      .catch(() => undefined);
    const state = dehydrate(server, { shouldDehydrateQuery: () => true });

    const browser = createQueryClient();
    const now = Date.now();
    hydratePageQueries(browser, state, now);
    const home = browser.getQueryCache().find({ queryKey: ['content', 'home'] });
    expect(home?.state.data).toEqual([{ id: 1 }]);
    expect(home?.state.dataUpdatedAt).toBe(now);
    expect(home?.isStale()).toBe(false);
    // A failed query stays failed: the browser asks again for it.
    const blog = browser.getQueryCache().find({ queryKey: ['content', 'blog'] });
    expect(blog?.state.status).toBe('error');
    expect(blog?.state.dataUpdatedAt).toBe(0);
  });
});

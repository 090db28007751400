import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.js';
import { createQueryClient, STALE_TIME_MS, settleWithin } from './query-client.js';

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
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentQueryKey } from '../../../lib/content.js';
import { LOADER_WAIT_MS } from '../../../lib/query-client.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { createTestQueryClient, jsonResponse } from '../../../test/render-app.js';
import { contentLoader } from './prefetch-content.js';

describe('contentLoader', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('puts every named collection into the query cache before the page renders', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        jsonResponse({ data: [{ id: 1, heading1: 'A', heading2: 'B', images: [] }] }),
      );
    const queryClient = createTestQueryClient();
    await contentLoader('class', 'gallery')(queryClient)();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/class', '/api/gallery']);
    expect(queryClient.getQueryData(contentQueryKey('class'))).toEqual([
      { id: 1, label: 'A', title: 'B', images: [] },
    ]);
  });

  it('never holds the page back longer than LOADER_WAIT_MS when the API hangs', async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    let done = false;
    void contentLoader('blog')(createTestQueryClient())().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(LOADER_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('lets the page render with a failed collection in the browser (its section offers Retry)', async () => {
    allowConsoleErrors();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ error: { code: 'X' } }, 500));
    await expect(contentLoader('blog')(createTestQueryClient())()).resolves.toBeNull();
  });

  it('fails the page on the server when a collection did not load (no Retry works there)', async () => {
    allowConsoleErrors();
    vi.stubEnv('SSR', true);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/blog'
        ? jsonResponse({ error: { code: 'X' } }, 500)
        : jsonResponse({ data: [{ id: 1, heading1: 'A', heading2: 'B', images: [] }] }),
    );
    await expect(contentLoader('class', 'blog')(createTestQueryClient())()).rejects.toThrow(
      "The page's content did not load: blog.",
    );
  });
});

import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SchoolSettings } from '../../shared/api/settings.js';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { AppProvider } from '../app/providers.js';
import { createRoutes } from '../app/router.js';
import { createQueryClient } from '../lib/query-client.js';
import { settingsQueryKey } from '../lib/settings.js';
import { TEST_SCHOOL } from './school.js';

/** Stores a login cookie the way a browser would hold it (the value as given, even empty). */
export function setCookieToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = `${SESSION_COOKIE}=${token}; Path=/`;
}

const clients = new Set<QueryClient>();

/**
 * Cancels what the test's screens were still loading, so that a call failing after the test
 * ended is not logged into the next test (setup.ts runs this after each test).
 */
export async function cancelPendingQueries(): Promise<void> {
  for (const client of clients) {
    await client.cancelQueries();
    client.clear();
  }
  clients.clear();
}

export interface TestQueryClientOptions {
  /**
   * The school's settings the client starts with, as the app starts with those the server wrote
   * into the page (TEST_SCHOOL unless given); `null`: none, so the app asks `GET settings`.
   */
  school?: SchoolSettings | null;
}

/** The app's query client, without retries (a failure shows at once). */
export function createTestQueryClient({ school = TEST_SCHOOL }: TestQueryClientOptions = {}): QueryClient {
  const queryClient = createQueryClient();
  clients.add(queryClient);
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  if (school) {
    // Fresh for the whole test, even one that moves the clock on.
    queryClient.setQueryDefaults(settingsQueryKey, { staleTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(settingsQueryKey, school);
  }
  return queryClient;
}

/** The whole app (real routes, real layout) at `path`, in a memory router. */
export function renderApp(path: string, { token, school }: { token?: string } & TestQueryClientOptions = {}) {
  if (token !== undefined) setCookieToken(token);
  const queryClient = createTestQueryClient({ school });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, user };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { NO_POST } from '../../../../shared/api/blog-comments.js';
import { type ContentCollection, isContentCollection } from '../../../../shared/api/content.js';
import { urlOf } from '../../../test/content-fetch.js';
import {
  createTestQueryClient,
  jsonResponse,
  type TestQueryClientOptions,
} from '../../../test/render-app.js';
import { ADMISSION_SEATS, PUBLIC_CALENDAR, WIRE } from './fixtures.js';

export interface MockContentOptions {
  /** Collections whose call answers 500 (until `recover()` is called). */
  failing?: ContentCollection[];
  /** Replaces the fixtures of some collections. */
  content?: Partial<Record<ContentCollection, Record<string, unknown>[]>>;
  /** The approved comments `GET blog-comments` answers from, per `?post=` (none when absent). */
  blogComments?: Record<string, unknown>[];
  /** What `GET calendar/public` answers (the fixtures' school year by default). */
  calendar?: unknown;
  /** What `GET admissions/seats` answers (the fixtures' seats by default). */
  seats?: unknown;
}

/** Answers the public content calls from the fixtures; returns the fetch spy and a way to heal. */
export function mockContent({
  failing = [],
  content = {},
  blogComments = [],
  calendar = PUBLIC_CALENDAR,
  seats = ADMISSION_SEATS,
}: MockContentOptions = {}) {
  let broken = new Set(failing);
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const [name = '', query] = urlOf(input)
      .replace(/^\/api\//, '')
      .split('?');
    // The blog detail page's comments (docs/decisions/0049-blog-comments.md): a send is received;
    // a read answers one article's, as the server does for `?post=<id|none>`.
    if (name === 'blog-comments') {
      if (init?.method === 'POST') return jsonResponse({ data: { received: true } }, 201);
      const post = new URLSearchParams(query).get('post');
      const postId = post === null || post === NO_POST ? null : Number(post);
      return jsonResponse({
        data: post === null ? blogComments : blogComments.filter((comment) => comment.postId === postId),
      });
    }
    if (name === 'calendar/public') return jsonResponse(calendar);
    if (name === 'admissions/seats') return jsonResponse(seats);
    if (!isContentCollection(name)) throw new TypeError(`Unexpected call ${urlOf(input)}`);
    if (broken.has(name)) return jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500);
    return jsonResponse({ data: content[name] ?? WIRE[name] });
  });
  return {
    fetchMock,
    recover: () => {
      broken = new Set();
    },
    callsTo: (collection: ContentCollection) =>
      fetchMock.mock.calls.filter(([input]) => urlOf(input) === `/api/${collection}`).length,
  };
}

/** One section with a fresh query client (no retries), a router for its links, and toasts. */
export function renderSection(ui: ReactNode, initialPath = '/', options: TestQueryClientOptions = {}) {
  const queryClient = createTestQueryClient(options);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            {ui}
            <ToastContainer />
          </>
        ),
      },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [initialPath] },
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

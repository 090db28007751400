import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { SchoolType } from '../../shared/constants.js';
import { AppProvider } from '../app/providers.js';
import { urlOf } from './content-fetch.js';
import { createTestQueryClient, jsonResponse, setCookieToken } from './render-app.js';
import { SHELL_ANSWERS } from './shell-answers.js';

/** An answer with a status other than 200 (`answer(409, { error: ... })`). */
export class MockAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const answer = (status: number, body: unknown = undefined): MockAnswer => new MockAnswer(status, body);

export const apiError = (status: number, code: string, message: string): MockAnswer =>
  answer(status, { error: { code, message } });

export interface MockRequest {
  method: string;
  /** The path after `/api/`, query included: `studentattendace/2?date=2025-01-02`. */
  path: string;
  body: unknown;
}

/** The JSON answer, a MockAnswer, or a function of the request giving either. */
type Handler = ((request: MockRequest) => unknown) | object;

/** A never-settling answer: the screen stays loading. */
export const pending = (): Promise<never> => new Promise<never>(() => {});

/**
 * Mocks the API: keys are `METHOD path` with or without the query (`GET studentclass`,
 * `GET studentattendace/2?date=2025-01-02`); values are the JSON answer (status 200), a MockAnswer,
 * or a function of the request returning either. The shell's badges answer nothing unread unless
 * mocked (SHELL_ANSWERS); any other call nobody mocked fails the test.
 */
export function mockApi(routes: Record<string, Handler>) {
  const requests: MockRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const path = `${url.pathname.replace(/^\/api\//, '')}${url.search}`;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path, body };
    requests.push(request);
    const key = [`${method} ${path}`, `${method} ${url.pathname.replace(/^\/api\//, '')}`].find(
      (candidate) => candidate in routes,
    );
    const shell = SHELL_ANSWERS[`${method} ${path}`];
    if (key === undefined && shell !== undefined) return jsonResponse(shell);
    if (key === undefined) throw new Error(`Unmocked call: ${method} ${path}`);
    const handler = routes[key];
    const result = await (typeof handler === 'function'
      ? (handler as (r: MockRequest) => unknown)(request)
      : handler);
    if (result instanceof MockAnswer) {
      return result.body === undefined
        ? new Response(null, { status: result.status })
        : jsonResponse(result.body, result.status);
    }
    return jsonResponse(result);
  });
  return {
    spy,
    requests,
    /** The calls made as `METHOD path`. */
    calls: (method?: string) =>
      requests.filter((r) => method === undefined || r.method === method).map((r) => `${r.method} ${r.path}`),
  };
}

/** Where the router is now (pathname + search), shown for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export interface RenderScreenOptions {
  /** The address the screen opens at. */
  path?: string;
  /** The route pattern it is mounted on (for params). */
  pattern?: string;
}

/** One screen in a memory router with a fresh query client (no retries) and a session cookie. */
export function renderScreen(ui: ReactNode, { path = '/', pattern = '/' }: RenderScreenOptions = {}) {
  setCookieToken('test-token');
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = (): string => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, user, location };
}

/** The header texts of a table. */
export const columnsOf = (table: HTMLElement): string[] =>
  [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');

export const profile = (type: SchoolType, id = 7, name = 'Amara Okafor') => ({
  results: {
    id,
    name,
    degination: 'Staff',
    discription: '',
    type,
    gender: 'Female',
    dob: '1990-01-01',
    address: 'School Lane 1',
    contact: '0123456',
    email: 'someone@demo.school',
    socialLink: '',
    image: null,
  },
});

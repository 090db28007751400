import { vi } from 'vitest';
import { CONTENT_COLLECTION_NAMES } from '../../../../shared/api/content.js';
import type { User, UserForReview } from '../../../../shared/api/users.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { setUnauthorizedHandler } from '../../../lib/api-client.js';
import { urlOf } from '../../../test/content-fetch.js';
import { jsonResponse } from '../../../test/render-app.js';
import { SHELL_ANSWERS } from '../../../test/shell-answers.js';

/** One call as the mock saw it: `POST users/login`, its body and headers. */
export interface SeenCall {
  method: string;
  /** Path under the API base, with the query: `users?status=pending`. */
  path: string;
  body: BodyInit | null | undefined;
  headers: Headers;
}

export type Handler = (call: SeenCall) => Response | Promise<Response>;

const CONTENT = new Set<string>(CONTENT_COLLECTION_NAMES);

/**
 * Replaces fetch for a component test: `routes` maps `METHOD path` to a handler; public content
 * answers `{ data: [] }`, the shell's badges nothing unread (SHELL_ANSWERS); anything else fails as it
 * would without a server. Answers every call seen.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: SeenCall[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const path = `${url.pathname.replace(/^\/api\//, '')}${url.search}`;
    const call: SeenCall = {
      method: init?.method ?? 'GET',
      path,
      body: init?.body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${path}`];
    if (handler) return handler(call);
    if (call.method === 'GET' && CONTENT.has(path)) return jsonResponse({ data: [] });
    const shell = SHELL_ANSWERS[`${call.method} ${path}`];
    if (shell !== undefined) return jsonResponse(shell);
    throw new TypeError(`fetch failed: no mock for ${call.method} ${path}`);
  });
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export const errorResponse = (
  status: number,
  code: string,
  message: string,
  details?: unknown,
  headers: Record<string, string> = {},
): Response =>
  new Response(
    JSON.stringify({ error: details === undefined ? { code, message } : { code, message, details } }),
    {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    },
  );

/** As main.tsx does: a 401 moves the router to /login (the default would reload the page). */
export function routeUnauthorizedTo(router: {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}) {
  setUnauthorizedHandler(() => void router.navigate('/login', { replace: true }));
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Asha Verma',
    degination: 'Pupil, Class 2',
    discription: 'Loves drawing and dinosaurs.',
    type: USER_TYPE.student,
    gender: 'Female',
    dob: '2016-03-09',
    address: '12 Maple Street, Greenfield',
    contact: '+1 555 0123 456',
    email: 'asha@example.com',
    socialLink: 'https://example.com/asha',
    image: 'users/asha.webp',
    ...overrides,
  };
}

export function makeApplicant(overrides: Partial<UserForReview> = {}): UserForReview {
  return {
    ...makeUser({
      id: 41,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      type: USER_TYPE.teacher,
      degination: 'Art teacher',
    }),
    status: 'pending',
    createdAt: '2026-11-20T17:00:00.000Z',
    photos: ['users/ravi-1.webp', 'users/ravi-2.webp'],
    children: [],
    ...overrides,
  };
}

/** The text of the toasts on screen. */
export const toastTexts = (): string[] =>
  [...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent ?? '');

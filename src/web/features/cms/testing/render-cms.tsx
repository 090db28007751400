import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { Media } from '../../../../shared/api/admin.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider, type MessageKey, type MessageValues } from '../../../lib/i18n.js';
import { urlOf } from '../../../test/content-fetch.js';
import { testTranslator } from '../../../test/i18n.js';
import { createTestQueryClient, jsonResponse } from '../../../test/render-app.js';

export interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: SentCall) => Response | Promise<Response>;

/**
 * Answers API calls by `"METHOD /api/path"` (query string included); any other call fails the
 * test. Returns the calls made, with JSON bodies parsed (FormData kept as it is).
 */
/** Calls the editor makes on every visit to the School section, answered unless a test says otherwise. */
const EDITOR_DEFAULTS: Record<string, unknown> = {
  'GET /api/admin/backup/status': { data: { everyHours: 0, keep: 7, lastRun: null } },
};

export function mockApi(handlers: Record<string, Handler | unknown>) {
  const calls: SentCall[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = urlOf(input);
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const call = { method, path, body };
    calls.push(call);
    const handler = { ...EDITOR_DEFAULTS, ...handlers }[`${method} ${path}`];
    if (handler === undefined) throw new TypeError(`Unexpected call ${method} ${path}`);
    return typeof handler === 'function' ? (handler as Handler)(call) : jsonResponse(handler);
  });
  return {
    fetchMock,
    calls,
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The editor's parts at /website in a data router (the editor guards leaving), with toasts. */
export function renderCms(ui: ReactNode, locale?: AnyLocale) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        path: '/website',
        element: (
          <>
            {locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui}
            <ToastContainer />
          </>
        ),
      },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: ['/website'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, router };
}

/**
 * A picture of the media library as `GET admin/media` lists it: `media/<name>-800.webp`, 800 wide, with
 * a file for each of `widths` (the height in proportion), uploaded on 1 November 2026.
 */
export function testMedia({
  name,
  height,
  widths,
  usedBy = [],
  ...described
}: Pick<Media, 'name' | 'height' | 'alt' | 'originalName' | 'bytes'> & {
  widths: readonly number[];
  usedBy?: Media['usedBy'];
}): Media {
  return {
    name,
    image: `media/${name}-800.webp`,
    width: 800,
    height,
    variants: widths.map((width) => ({
      width,
      height: (height * width) / 800,
      image: `media/${name}-${width}.webp`,
    })),
    ...described,
    createdAt: '2026-11-01T10:00:00.000Z',
    usedBy,
  };
}

/** The English translator, as the editor's texts read without a provider. */
export const ENGLISH = testTranslator();

/** An editor text in English, as the tests expect it on the screen. */
export const en = (key: MessageKey, values?: MessageValues): string => ENGLISH.t(key, values);

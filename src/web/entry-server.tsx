import './app/preact-fixes.js';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { z } from 'zod';
import { type ContentCollection, type ContentRecord, wireRecordSchema } from '../shared/api/content.js';
import { scriptSafeJson } from '../shared/html-text.js';
import {
  type PageRenderer,
  QUERY_STATE_ELEMENT_ID,
  type RenderedPage,
  type RenderPageInput,
  ROUTER_STATE_ELEMENT_ID,
} from '../shared/page-rendering.js';
import { AppProvider } from './app/providers.js';
import { createRoutes } from './app/router.js';
import { contentQueryKey, readContentWith } from './lib/content.js';
import { preloadDeferredComponents } from './lib/deferred-component.js';
import { defaultHead, type PageHeadFunction, renderHeadTags } from './lib/page-head.js';
import { STALE_TIME_MS } from './lib/query-client.js';
import { settingsQueryKey } from './lib/settings.js';

// The settings travel in their own block (server/features/pages/index-page.ts).
const isContentQuery = (query: { queryKey: readonly unknown[]; state: { status: string } }): boolean =>
  query.queryKey[0] === 'content' && query.state.status === 'success';

/**
 * The web app rendered on the server (docs/decisions/0030-server-rendering.md): the same routes,
 * loaders and components as in the browser (router.tsx), run by React Router's static handler, then
 * React's renderToString. The loaders fill a query client of the request's own; its data and the
 * router's go into the page as JSON, so the browser hydrates with exactly what the server rendered.
 */
export const renderer: PageRenderer = {
  async renderPage(input: RenderPageInput): Promise<RenderedPage> {
    // The store's records are checked with the public call's own response schema; the browser
    // trusts the same answer (lib/content.ts, docs/decisions/0031-first-load-javascript.md).
    readContentWith(async (collection) =>
      z.array(wireRecordSchema(collection)).parse(await input.readContent(collection)),
    );
    const queryClient = new QueryClient({
      // One try: a failing section renders its error state, as it would in the browser.
      defaultOptions: { queries: { retry: false, staleTime: STALE_TIME_MS } },
    });
    queryClient.setQueryData(settingsQueryKey, input.settings);

    const handler = createStaticHandler(createRoutes(queryClient));
    const context = await handler.query(new Request(input.url));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    if (context.errors) {
      throw new Error(`The page ${input.url} could not be rendered: its route failed to load.`);
    }
    // After the query: the page's route module is loaded, with the deferred components it declares.
    // renderToString does not wait for a suspended component, so each must be there before it renders.
    await preloadDeferredComponents();
    const router = createStaticRouter(handler.dataRoutes, context);
    const root = renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );

    const url = new URL(input.url);
    const headOf = [...context.matches]
      .reverse()
      .map((match) => (match.route.handle as { head?: PageHeadFunction } | undefined)?.head)
      .find((head) => head !== undefined);
    const head = (headOf ?? defaultHead)({
      settings: input.settings,
      url,
      content: <C extends ContentCollection>(collection: C) =>
        queryClient.getQueryData<ContentRecord<C>[]>(contentQueryKey(collection)) ?? [],
    });

    const routerState = { loaderData: context.loaderData, actionData: context.actionData };
    const state =
      `<script type="application/json" id="${ROUTER_STATE_ELEMENT_ID}">${scriptSafeJson(routerState)}</script>` +
      `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptSafeJson(dehydrate(queryClient, { shouldDehydrateQuery: isContentQuery }))}</script>`;
    return { kind: 'page', head: renderHeadTags(head, input.settings, input.publicUrl), root, state };
  },
};

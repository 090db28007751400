import { QueryClient } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { z } from 'zod';
import { AdmissionSeatsSchema } from '../shared/api/admissions.js';
import { PublishedBlogCommentsSchema } from '../shared/api/blog-comments.js';
import { type ContentCollection, type ContentRecord, wireRecordSchema } from '../shared/api/content.js';
import { PublicCalendarSchema } from '../shared/api/public-calendar.js';
import { SsoOptionsSchema } from '../shared/api/single-sign-on.js';
import {
  type PageRenderer,
  publicPageHref,
  type RenderedPage,
  type RenderPageInput,
} from '../shared/page-rendering.js';
import { AppProvider } from './app/providers.js';
import { createRoutes } from './app/router.js';
import { readSsoOptionsWith } from './features/accounts/api/sso-options.js';
import { readAdmissionSeatsWith } from './features/public-site/api/admission-seats.js';
import { readBlogCommentsWith } from './features/public-site/api/blog-comments.js';
import { readPublicCalendarWith } from './features/public-site/api/public-calendar.js';
import { IslandCollector, IslandCollectorContext, islandSlot } from './islands/island.js';
import { ISLAND_LOADERS, ISLAND_MESSAGE_AREAS } from './islands/registry.js';
import { renderIsland } from './islands/render-island.js';
import { contentQueryKey, readContentWith } from './lib/content.js';
import { defaultHead, type PageHeadFunction, renderHeadTags } from './lib/page-head.js';
import { STALE_TIME_MS } from './lib/query-client.js';
import { settingsQueryKey } from './lib/settings.js';

/**
 * A public page rendered on the server (docs/decisions/0030-server-rendering.md,
 * docs/decisions/0042-react-islands.md): the same routes, loaders and components as the app
 * (router.tsx), run by React Router's static handler, then React's renderToString. The page is HTML
 * the browser does not hydrate as a whole: its interactive parts are islands (islands/island.tsx),
 * each rendered here as a root of its own and hydrated by the islands entry (site.tsx).
 */
export const renderer: PageRenderer = {
  async renderPage(input: RenderPageInput): Promise<RenderedPage> {
    // The store's records are checked with the public call's own response schema.
    readContentWith(async (collection) =>
      z.array(wireRecordSchema(collection)).parse(await input.readContent(collection)),
    );
    readBlogCommentsWith(async (postId) =>
      PublishedBlogCommentsSchema.shape.data.parse(await input.readBlogComments(postId)),
    );
    readPublicCalendarWith(async () => PublicCalendarSchema.parse(await input.readPublicCalendar()));
    readAdmissionSeatsWith(async () => AdmissionSeatsSchema.parse(await input.readAdmissionSeats()));
    readSsoOptionsWith(async () =>
      SsoOptionsSchema.parse(
        (await input.readSsoOptions?.()) ?? { enabled: false, name: '', audience: 'both' },
      ),
    );
    const queryClient = new QueryClient({
      // One try: a failing section renders its error state, as it would in the browser.
      defaultOptions: { queries: { retry: false, staleTime: STALE_TIME_MS } },
    });
    queryClient.setQueryData(settingsQueryKey, input.settings);

    // A page in another language than the school's default lives under its prefix (`/fr/about`).
    const handler = createStaticHandler(createRoutes(queryClient), { basename: input.basename || undefined });
    const context = await handler.query(new Request(input.url));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    if (context.errors) {
      throw new Error(`The page ${input.url} could not be rendered: its route failed to load.`);
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const islands = new IslandCollector();
    let root = renderToString(
      <StrictMode>
        <IslandCollectorContext value={islands}>
          <AppProvider queryClient={queryClient} translator={input.translator}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </IslandCollectorContext>
      </StrictMode>,
    );
    // Each island is rendered with the registry's component, the one the browser hydrates: the page
    // may have placed a lazy one, which a synchronous render cannot wait for (root.tsx's newsletter form).
    for (const island of islands.placed) {
      const component = (await ISLAND_LOADERS[island.name]()) as ComponentType<object>;
      root = root.replace(islandSlot(island.key), () =>
        renderIsland({ ...island, component }, input.settings, input.translator),
      );
    }
    const islandAreas = [...new Set(islands.placed.flatMap((island) => ISLAND_MESSAGE_AREAS[island.name]))];

    const url = new URL(input.url);
    const headOf = [...context.matches]
      .reverse()
      .map((match) => (match.route.handle as { head?: PageHeadFunction } | undefined)?.head)
      .find((head) => head !== undefined);
    const head = (headOf ?? defaultHead)({
      settings: input.settings,
      url,
      t: input.translator.t,
      content: <C extends ContentCollection>(collection: C) =>
        queryClient.getQueryData<ContentRecord<C>[]>(contentQueryKey(collection)) ?? [],
    });
    return {
      kind: 'page',
      // The canonical address is the page's in its own language (`/fr/about`).
      head: renderHeadTags(
        {
          ...head,
          canonicalPath: publicPageHref(head.canonicalPath, input.translator.locale, input.settings.language),
        },
        input.settings,
        input.publicUrl,
      ),
      root,
      messages: { locale: input.translator.locale, messages: input.islandMessages(islandAreas) },
    };
  },
};

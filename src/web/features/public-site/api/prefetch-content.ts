import type { QueryClient } from '@tanstack/react-query';
import type { ContentCollection } from '../../../../shared/api/content.js';
import { contentQueryKey, contentQueryOptions } from '../../../lib/content.js';
import { settleWithin } from '../../../lib/query-client.js';

/**
 * A public page's route loader: starts loading the collections its sections show, through the app's
 * query client, and lets the page render once they are in or LOADER_WAIT_MS passed.
 *
 * In the browser it never blocks for long and never throws: a failed section shows its own Retry.
 * On the server (`import.meta.env.SSR`) a collection that did not load fails the page instead: a
 * server-rendered page hydrates only its islands (docs/decisions/0042-react-islands.md), so a section's
 * Retry or skeleton there would never change. The server then sends the app, which renders the page in
 * the browser, Retry and all (src/server/app.ts), and keeps no such page.
 */
export const contentLoader =
  (...collections: ContentCollection[]) =>
  (queryClient: QueryClient) =>
  async (): Promise<null> => {
    await settleWithin(
      collections.map((collection) => queryClient.ensureQueryData(contentQueryOptions(collection))),
    );
    if (import.meta.env.SSR) {
      const missing = collections.filter(
        (collection) => queryClient.getQueryState(contentQueryKey(collection))?.status !== 'success',
      );
      if (missing.length > 0) throw new Error(`The page's content did not load: ${missing.join(', ')}.`);
    }
    return null;
  };

import type { QueryClient } from '@tanstack/react-query';
import type { ContentCollection } from '../../../../shared/api/content.js';
import { contentQueryOptions } from '../../../lib/content.js';
import { settleWithin } from '../../../lib/query-client.js';

/**
 * A public page's route loader: starts loading the collections its sections show, through the app's
 * query client, and lets the page render once they are in or LOADER_WAIT_MS passed (never blocks
 * for long, never throws: a failed section shows its own Retry).
 */
export const contentLoader =
  (...collections: ContentCollection[]) =>
  (queryClient: QueryClient) =>
  async (): Promise<null> => {
    await settleWithin(
      collections.map((collection) => queryClient.ensureQueryData(contentQueryOptions(collection))),
    );
    return null;
  };

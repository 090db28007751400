import type { QueryClient } from '@tanstack/react-query';
import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';
import { contentQueryOptions } from '../../../features/content/api/get-content.js';
import { settleWithin } from '../../../lib/query-client.js';

/** Starts loading the home content the banner shows; never holds the page back for long. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await settleWithin([queryClient.ensureQueryData(contentQueryOptions('home'))]);
  return null;
};

/** Home (spec 2.4): the hero is the page banner; facilities, about, classes, ... come with their issue. */
export default function HomeRoute() {
  return <ScreenPlaceholder />;
}

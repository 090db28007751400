import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { editorRecordsQueryOptions } from '../../../features/cms/api/content-admin.js';
import { mediaQueryOptions } from '../../../features/cms/api/media.js';
import { WebsiteEditor } from '../../../features/cms/components/WebsiteEditor.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [
      queryClient.prefetchQuery(mediaQueryOptions()),
      queryClient.prefetchQuery(editorRecordsQueryOptions('home')),
    ]);

/**
 * Website (docs/decisions/0006-media-and-content-editing.md): the principal edits the public site's content
 * and pictures.
 */
export default function WebsiteRoute() {
  return <WebsiteEditor />;
}

import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { blogCommentsQueryOptions } from '../../../features/comment-moderation/api/blog-comments.js';
import { CommentModeration } from '../../../features/comment-moderation/components/CommentModeration.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetchWithSession(() => [queryClient.prefetchQuery(blogCommentsQueryOptions('pending'))]);

/** Blog Comments (docs/decisions/0049-blog-comments.md): the principal approves or rejects visitors' comments. */
export default function BlogCommentsRoute() {
  return <CommentModeration />;
}

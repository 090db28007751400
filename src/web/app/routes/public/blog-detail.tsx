import type { QueryClient } from '@tanstack/react-query';
import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { blogCommentsQueryOptions } from '../../../features/public-site/api/blog-comments.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BlogDetail } from '../../../features/public-site/components/BlogDetail.js';
import { blogDetailHead } from '../../../features/public-site/lib/page-heads.js';
import { settleWithin } from '../../../lib/query-client.js';

export const head = blogDetailHead;

const loadContent = contentLoader(...PAGE_CONTENT['/blogdetail']);

/** The page's content and the approved comments (docs/decisions/0049-blog-comments.md). */
export const clientLoader = (queryClient: QueryClient) => async (): Promise<null> => {
  const comments = queryClient.ensureQueryData(blogCommentsQueryOptions());
  await Promise.all([loadContent(queryClient)(), settleWithin([comments])]);
  // On the server the comments are part of the page, kept until the content changes: not without them.
  if (import.meta.env.SSR) await comments;
  return null;
};

/**
 * Blog detail, /blogdetail (docs/contract/product.md#public-pages): the post, its sidebar, its approved
 * comments and the comment form.
 */
export default function BlogDetailRoute() {
  return <BlogDetail />;
}

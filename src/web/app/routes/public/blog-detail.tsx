import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ContentCollection, ContentRecord } from '../../../../shared/api/content.js';
import { PAGE_CONTENT } from '../../../../shared/page-rendering.js';
import { documentTitle } from '../../../../shared/school-settings.js';
import { usePageTitle } from '../../../components/layout/PageBanner.js';
import { useSchool } from '../../../components/layout/school.js';
import { blogCommentsQueryOptions } from '../../../features/public-site/api/blog-comments.js';
import { contentLoader } from '../../../features/public-site/api/prefetch-content.js';
import { BlogDetail } from '../../../features/public-site/components/BlogDetail.js';
import { chosenPostId } from '../../../features/public-site/lib/content-rules.js';
import { blogDetailHead } from '../../../features/public-site/lib/page-heads.js';
import { contentQueryKey, useContent } from '../../../lib/content.js';
import { useI18n } from '../../../lib/i18n.js';
import { settleWithin } from '../../../lib/query-client.js';

export const head = blogDetailHead;

const loadContent = contentLoader(...PAGE_CONTENT['/blogdetail']);

/** The page's content and the approved comments (docs/decisions/0049-blog-comments.md). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: { request: Request }): Promise<null> => {
    const postId = chosenPostId(new URL(request.url).searchParams.get('post')) ?? null;
    const comments = queryClient.ensureQueryData(blogCommentsQueryOptions(postId));
    await Promise.all([loadContent(queryClient)(), settleWithin([comments])]);
    // On the server the comments are part of the page, kept until the content changes: not without them.
    if (import.meta.env.SSR) await comments;
    return null;
  };

/**
 * The browser's title when the app renders this page (after a link inside the app, or when the
 * server could not render it): the same as the server's, from `head` (the post's own title), not the
 * path's banner title ("Blog detail") the frame's DocumentTitle writes for every page.
 */
function PostDocumentTitle() {
  const frameTitle = usePageTitle();
  const { settings, status } = useSchool();
  const { search, pathname } = useLocation();
  const blog = useContent('blog');
  const article = useContent('blogdetails');
  const queryClient = useQueryClient();
  const { t } = useI18n();
  // In an effect only: the server renders this page too, and writes the head's title itself. It
  // runs again on each change of what DocumentTitle's effect depends on (frameTitle, the school), and
  // after it (the frame's effects run first), so the post's title is the one that stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameTitle and the collections are when to write again.
  useEffect(() => {
    if (status === 'pending' || !settings || !blog.isSuccess || !article.isSuccess) return;
    const head = blogDetailHead({
      settings,
      // Only the path and the query name the post (the head's links are not used here).
      url: new URL(`${pathname}${search}`, window.location.origin),
      t,
      content: <C extends ContentCollection>(collection: C) =>
        queryClient.getQueryData<ContentRecord<C>[]>(contentQueryKey(collection)) ?? [],
    });
    const title = documentTitle(head.title, settings.name);
    if (title) document.title = title;
  }, [
    frameTitle,
    status,
    settings,
    blog.data,
    article.data,
    blog.isSuccess,
    article.isSuccess,
    pathname,
    search,
    queryClient,
    t,
  ]);
  return null;
}

/**
 * Blog detail, /blogdetail (docs/contract/product.md#public-pages): the post, its sidebar, its approved
 * comments and the comment form.
 */
export default function BlogDetailRoute() {
  return (
    <>
      <PostDocumentTitle />
      <BlogDetail />
    </>
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublishedBlogComment } from '../../../../shared/api/blog-comments.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';

/**
 * `GET blog-comments`: the approved comments of every post (docs/decisions/0049-blog-comments.md),
 * which the blog detail page shows under its article. Read like the public content (lib/content.ts):
 * from the server's store while rendering there, over HTTP in the browser, checked by hand because
 * the page's first JavaScript holds no zod.
 */

export type BlogCommentsReader = () => Promise<PublishedBlogComment[]>;

let readOnServer: BlogCommentsReader | undefined;

/** Server rendering only (entry-server.tsx): the page's loader reads the comments from the server's store. */
export function readBlogCommentsWith(reader: BlogCommentsReader): void {
  readOnServer = reader;
}

const isComment = (value: unknown): value is PublishedBlogComment => {
  const comment = value as Partial<PublishedBlogComment> | null;
  return (
    typeof comment === 'object' &&
    comment !== null &&
    Number.isInteger(comment.id) &&
    (comment.postId === null || Number.isInteger(comment.postId)) &&
    typeof comment.name === 'string' &&
    typeof comment.message === 'string' &&
    typeof comment.createdAt === 'string'
  );
};

export async function getBlogComments(signal?: AbortSignal): Promise<PublishedBlogComment[]> {
  if (readOnServer) return readOnServer();
  const body = (await apiClient.get('blog-comments', { signal })) as { data?: unknown } | null;
  const data = body?.data;
  if (!Array.isArray(data) || !data.every(isComment)) {
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an answer we did not understand.');
  }
  return data;
}

export const blogCommentsQueryKey = ['blog-comments'] as const;

export const blogCommentsQueryOptions = () =>
  queryOptions({ queryKey: blogCommentsQueryKey, queryFn: ({ signal }) => getBlogComments(signal) });

export const useBlogComments = () => useQuery(blogCommentsQueryOptions());

/** The comments under one article: a post's, or (null) the one /blogdetail shows without a post. */
export const commentsUnder = (
  comments: readonly PublishedBlogComment[],
  postId: number | null,
): PublishedBlogComment[] => comments.filter((comment) => comment.postId === postId);

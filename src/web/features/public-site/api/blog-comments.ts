import { queryOptions, useQuery } from '@tanstack/react-query';
import { NO_POST, type PublishedBlogComment } from '../../../../shared/api/blog-comments.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';

/**
 * `GET blog-comments?post=`: the approved comments of one article (docs/decisions/0049-blog-comments.md,
 * 0055), which the blog detail page shows under it: a post's (its id), or null for the article
 * /blogdetail shows without a post. Read like the public content (lib/content.ts):
 * from the server's store while rendering there, over HTTP in the browser, checked by hand because
 * the page's first JavaScript holds no zod.
 */

export type BlogCommentsReader = (postId: number | null) => Promise<PublishedBlogComment[]>;

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

/** The `post` query parameter that names an article: its id, or `none`. */
const postQueryOf = (postId: number | null): string => (postId === null ? NO_POST : String(postId));

export async function getBlogComments(
  postId: number | null,
  signal?: AbortSignal,
): Promise<PublishedBlogComment[]> {
  if (readOnServer) return readOnServer(postId);
  const body = (await apiClient.get(`blog-comments?post=${postQueryOf(postId)}`, { signal })) as {
    data?: unknown;
  } | null;
  const data = body?.data;
  if (!Array.isArray(data) || !data.every(isComment)) {
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an answer we did not understand.');
  }
  return data;
}

export const blogCommentsQueryKey = (postId: number | null) => ['blog-comments', postId] as const;

export const blogCommentsQueryOptions = (postId: number | null) =>
  queryOptions({
    queryKey: blogCommentsQueryKey(postId),
    queryFn: ({ signal }) => getBlogComments(postId, signal),
  });

export const useBlogComments = (postId: number | null) => useQuery(blogCommentsQueryOptions(postId));

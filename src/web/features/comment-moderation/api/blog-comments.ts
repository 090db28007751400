import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BlogCommentListSchema,
  BlogCommentSchema,
  type BlogCommentStatus,
} from '../../../../shared/api/blog-comments.js';
import { apiClient } from '../../../lib/api-client.js';

/** The principal's moderation of blog comments (docs/decisions/0049-blog-comments.md). */

export const blogCommentsQueryKey = ['admin', 'blog-comments'] as const;

/** `GET admin/blog-comments?status=`: newest first, with how many wait. */
export function getBlogComments(status: BlogCommentStatus | undefined, signal?: AbortSignal) {
  return apiClient.get(`admin/blog-comments${status ? `?status=${status}` : ''}`, {
    signal,
    schema: BlogCommentListSchema,
  });
}

export const blogCommentsQueryOptions = (status?: BlogCommentStatus) =>
  queryOptions({
    queryKey: [...blogCommentsQueryKey, status ?? 'all'],
    queryFn: ({ signal }) => getBlogComments(status, signal),
  });

export const useBlogComments = (status?: BlogCommentStatus) => useQuery(blogCommentsQueryOptions(status));

/** `PATCH admin/blog-comments/{id}`. */
export function decideBlogComment(id: number, status: BlogCommentStatus) {
  return apiClient.patch(
    `admin/blog-comments/${id}`,
    { status },
    { schema: z.object({ data: BlogCommentSchema }) },
  );
}

export function useDecideBlogComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: BlogCommentStatus }) => decideBlogComment(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogCommentsQueryKey }),
  });
}

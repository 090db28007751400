import { z } from 'zod';
import {
  BLOG_COMMENT_MAX_LENGTH,
  BLOG_COMMENT_MESSAGES,
  BLOG_COMMENT_STATUSES,
} from './blog-comment-fields.js';
import { pathIdSchema } from './ids.js';
import { HONEYPOT_FIELD, honeypotFieldSchema, nameAndEmailFields, requiredFormText } from './newsletter.js';

export {
  BLOG_COMMENT_MAX_LENGTH,
  BLOG_COMMENT_MESSAGES,
  BLOG_COMMENT_STATUSES,
  type BlogCommentStatus,
} from './blog-comment-fields.js';

/**
 * Blog comments (docs/decisions/0049-blog-comments.md): a visitor's comment under a post, kept
 * pending until the principal approves it. Calls and fields are ours, so camelCase.
 */

/**
 * Which article a comment is under: a blog post's id (`/blogdetail?post=<id>`), or null for the
 * article /blogdetail shows without a post (the blog detail entries).
 */
const postIdSchema = z.number().int().positive().max(2_147_483_647).nullable();

/**
 * The body of `POST blog-comments`, the form's fields. The honeypot is `website`, as on every public
 * form, so the form has no Website field of its own.
 */
export const BlogCommentInputSchema = z.object({
  postId: postIdSchema,
  ...nameAndEmailFields(),
  message: requiredFormText(
    BLOG_COMMENT_MESSAGES.enterMessage,
    BLOG_COMMENT_MAX_LENGTH,
    BLOG_COMMENT_MESSAGES.messageTooLong,
  ),
  [HONEYPOT_FIELD]: honeypotFieldSchema(),
});
export type BlogCommentInput = z.input<typeof BlogCommentInputSchema>;
export type BlogCommentSent = z.output<typeof BlogCommentInputSchema>;

/** An approved comment as the site shows it: no email, which stays with the school. */
export const PublishedBlogCommentSchema = z.object({
  id: z.number().int(),
  postId: postIdSchema,
  name: z.string(),
  message: z.string(),
  /** ISO 8601 instant the comment was sent. */
  createdAt: z.string(),
});
export type PublishedBlogComment = z.infer<typeof PublishedBlogCommentSchema>;

/** `GET blog-comments`: the approved comments (of one article when `?post=` names it), oldest first. */
export const PublishedBlogCommentsSchema = z.object({ data: z.array(PublishedBlogCommentSchema) });
export type PublishedBlogComments = z.infer<typeof PublishedBlogCommentsSchema>;

/** `?post=none`: the article /blogdetail shows without a post (its comments' `postId` is null). */
export const NO_POST = 'none';
export const POST_QUERY_MESSAGE = `post must be a blog post's id or "${NO_POST}"`;

/**
 * `GET blog-comments?post=`: one article's comments, as its page shows them; a post's id, or
 * `none` for /blogdetail's own article (answered as null). Without it, every article's (the server's
 * own rendering reads them so, one kept answer for every page).
 */
export const PublishedBlogCommentQuerySchema = z.object({
  post: z
    .union([z.literal(NO_POST).transform(() => null), pathIdSchema(POST_QUERY_MESSAGE)], {
      error: POST_QUERY_MESSAGE,
    })
    .optional(),
});
export type PublishedBlogCommentQuery = z.output<typeof PublishedBlogCommentQuerySchema>;

/** The comments under one article: a post's (its id), or (null) the one /blogdetail shows without a post. */
export const commentsUnder = <C extends { postId: number | null }>(
  comments: readonly C[],
  postId: number | null,
): C[] => comments.filter((comment) => comment.postId === postId);

/** A comment as the principal moderates it. */
export const BlogCommentSchema = PublishedBlogCommentSchema.extend({
  email: z.string(),
  status: z.enum(BLOG_COMMENT_STATUSES),
  /** The post's title, or null for the blog detail page's own article or a post removed since. */
  postTitle: z.string().nullable(),
});
export type BlogComment = z.infer<typeof BlogCommentSchema>;

/** `GET admin/blog-comments?status=`: newest first, with how many wait. */
export const BlogCommentListSchema = z.object({
  data: z.array(BlogCommentSchema),
  /** Comments waiting for a decision, whatever the filter. */
  pending: z.number().int().nonnegative(),
});
export type BlogCommentList = z.infer<typeof BlogCommentListSchema>;

export const BlogCommentQuerySchema = z.object({
  status: z.enum(BLOG_COMMENT_STATUSES).optional(),
});
export type BlogCommentQuery = z.infer<typeof BlogCommentQuerySchema>;

/** The body of `PATCH admin/blog-comments/{id}`: approve, reject, or back to pending. */
export const BlogCommentDecisionSchema = z.object({ status: z.enum(BLOG_COMMENT_STATUSES) });
export type BlogCommentDecision = z.infer<typeof BlogCommentDecisionSchema>;

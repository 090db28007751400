import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BlogCommentInputSchema } from '../../../shared/api/blog-comments.js';
import {
  BLOG_COMMENT_FORM_POST,
  BLOG_COMMENT_POST_FIELD,
  blogCommentPageOf,
} from '../../../shared/api/form-posts.js';
import { acceptFormPosts, registerFormPost } from '../../lib/form-posts.js';
import { receiveBlogComment } from './blog-comments.service.js';

/**
 * The form's hidden post id arrives as text: digits, or empty for the page's own article. Anything
 * else becomes a value the schema refuses.
 */
const BlogCommentFormSchema = z.preprocess((body) => {
  const fields = body as Record<string, unknown>;
  const postId = fields[BLOG_COMMENT_POST_FIELD];
  return {
    ...fields,
    [BLOG_COMMENT_POST_FIELD]: postId === undefined || postId === '' ? null : Number(postId),
  };
}, BlogCommentInputSchema);

/**
 * `POST /blogdetail`: the comment form sent without JavaScript
 * (docs/decisions/0029-forms-without-javascript.md, docs/decisions/0049-blog-comments.md), stored as
 * `POST blog-comments` stores it and answered with the post's page.
 */
export async function blogCommentFormPostRoutes(app: FastifyInstance): Promise<void> {
  acceptFormPosts(app);
  registerFormPost(app, {
    post: BLOG_COMMENT_FORM_POST,
    form: 'blog-comment',
    schema: BlogCommentFormSchema,
    pageOf: (body) => blogCommentPageOf(body[BLOG_COMMENT_POST_FIELD]),
    summary: 'A blog comment, sent as a plain HTML form',
    store: (comment) => receiveBlogComment(app.db, app.config.mail, comment),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BLOG_COMMENT_MESSAGES,
  BlogCommentDecisionSchema,
  BlogCommentInputSchema,
  BlogCommentListSchema,
  BlogCommentQuerySchema,
  BlogCommentSchema,
  commentsUnder,
  PublishedBlogCommentQuerySchema,
  type PublishedBlogComments,
  PublishedBlogCommentsSchema,
} from '../../../shared/api/blog-comments.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { invalid, notFound } from '../../lib/errors.js';
import {
  FORM_LIMIT_NOTE,
  FORM_RECEIVED,
  FormReceiptAnswerSchema,
  formRateLimit,
  HONEYPOT_NOTE,
  honeypot,
} from '../../lib/public-forms.js';
import { DENIED } from '../../lib/school-routes.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import {
  decideBlogComment,
  listBlogComments,
  listPublishedBlogComments,
} from './blog-comments.repository.js';
import { receiveBlogComment } from './blog-comments.service.js';

const TAGS = ['Blog comments'];

/**
 * Blog comments (docs/decisions/0049-blog-comments.md): a visitor sends one (honeypot and the public
 * forms' limit per address), it waits as pending, the principal approves or rejects it, and the site
 * shows the approved ones under their post.
 */
export async function blogCommentsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  // Read by every blog page and by their server rendering; kept with the content's version.
  const keptUrl = `${app.prefix}/blog-comments`;
  const kept = app.keptAnswers.add(keptUrl, PublishedBlogCommentsSchema, async () => ({
    data: await listPublishedBlogComments(app.db),
  }));

  api.get(
    '/blog-comments',
    {
      schema: {
        tags: TAGS,
        summary: 'The approved blog comments, oldest first: one article’s with `?post=`',
        description:
          '`postId` is the blog post the comment is under, null for the article /blogdetail shows ' +
          'without a post. `?post=<id>` answers that post’s comments only, `?post=none` those of ' +
          '/blogdetail’s own article. Without `post`, every article’s, with a strong `ETag`, as the ' +
          'public content calls do.',
        querystring: PublishedBlogCommentQuerySchema,
        response: { 200: PublishedBlogCommentsSchema, 304: NOT_MODIFIED, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { post } = request.query;
      if (post === undefined) return kept.send(request, reply);
      // One article's, from the kept list of every approved comment (read once per content version).
      const all = (await app.keptAnswers.parsed(keptUrl)) as PublishedBlogComments;
      return { data: commentsUnder(all.data, post) };
    },
  );

  api.post(
    '/blog-comments',
    {
      config: { rateLimit: formRateLimit('blog-comment') },
      preValidation: honeypot,
      schema: {
        tags: TAGS,
        summary: 'Send a comment on a blog post (it waits for the principal’s approval)',
        description: `${HONEYPOT_NOTE} ${FORM_LIMIT_NOTE}`,
        body: BlogCommentInputSchema,
        response: { 201: FormReceiptAnswerSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if ((await receiveBlogComment(app.db, app.config.mail, request.body)) === 'postNotFound') {
        throw invalid(BLOG_COMMENT_MESSAGES.postNotFound, [
          { field: 'postId', message: BLOG_COMMENT_MESSAGES.postNotFound },
        ]);
      }
      return reply.code(201).send(FORM_RECEIVED);
    },
  );

  await api.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    // Visitors' names and addresses: never kept by a browser or proxy cache.
    admin.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    admin.get(
      '/admin/blog-comments',
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: 'Blog comments to moderate, newest first, with how many wait',
          description: '`status` pending, approved or rejected (all when absent); at most 500 comments.',
          security: BEARER_AUTH,
          querystring: BlogCommentQuerySchema,
          response: { 200: BlogCommentListSchema, 400: ErrorBodySchema, ...DENIED },
        },
      },
      async (request) => listBlogComments(app.db, request.query),
    );

    admin.patch(
      '/admin/blog-comments/:id',
      {
        onRequest: onlyPrincipal,
        schema: {
          tags: TAGS,
          summary: 'Approve or reject a blog comment (or set it back to pending)',
          description: 'An approved comment shows under its post at once; any other status hides it.',
          security: BEARER_AUTH,
          params: IdParamsSchema,
          body: BlogCommentDecisionSchema,
          response: {
            200: z.object({ data: BlogCommentSchema }),
            400: ErrorBodySchema,
            ...DENIED,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const data = await decideBlogComment(app.db, request.params.id, request.body.status);
        if (!data) throw notFound('That comment');
        return { data };
      },
    );
  });
}

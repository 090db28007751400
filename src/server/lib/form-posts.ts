import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { errorCodesOf, type FormPost, outcomeUrl } from '../../shared/api/form-posts.js';
import { isHoneypotFilled } from '../../shared/api/newsletter.js';
import { formRateLimit, type PublicForm } from './public-forms.js';

/**
 * The public forms as plain HTML forms, for a browser without JavaScript
 * (docs/decisions/0029-forms-without-javascript.md): a URL-encoded body, checked with the form's
 * shared schema and stored through the same function as its JSON call, and always a 303 to the page
 * that says how it went (shared/api/form-posts.ts), never an error body a person cannot read.
 */

/**
 * A form's fields URL-encoded: the longest contact message (5,000 characters) is up to 45,000 bytes
 * encoded (three bytes of UTF-8, three characters each).
 */
const FORM_POST_BODY_LIMIT = 64 * 1024;

/** Lets the routes of `app` (a plugin of their own) read the body a browser's form sends. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_POST_BODY_LIMIT },
    (_request, body, done) => {
      // A field sent twice keeps its last value, as a robot's doubled field deserves nothing better.
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** A plain form's answer: 303 See Other to the page that tells `codes`. */
export function seeOutcome(reply: FastifyReply, post: FormPost, codes: readonly string[], page?: string) {
  return reply.header('Cache-Control', 'no-store').redirect(outcomeUrl(post, codes, page), 303);
}

export interface FormPostRoute<Schema extends z.ZodType> {
  post: FormPost;
  /** The rate-limit counter the form shares with its JSON call (public-forms.ts). */
  form: PublicForm;
  schema: Schema;
  /** The page to answer with (the newsletter's: the page it was sent from); the form's action when absent. */
  pageOf?: (body: Record<string, unknown>) => string;
  /** Stores the checked form; answers the code of the `post.done` to show. */
  store: (input: z.output<Schema>) => Promise<string>;
  summary: string;
}

const isFields = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  isFields(request.body) ? request.body : {};

/**
 * `POST {post.action}`: the form's fields, URL-encoded (or as JSON). The honeypot, the limit per
 * address (shared with the JSON call) and the schema hold as for the JSON call; every mistake,
 * refusal or failure is a 303 to the page with its code.
 */
export function registerFormPost<Schema extends z.ZodType>(
  app: FastifyInstance,
  route: FormPostRoute<Schema>,
) {
  const pageOf = (request: FastifyRequest) => route.pageOf?.(bodyOf(request)) ?? route.post.action;
  const options: RouteShorthandOptions = {
    config: { rateLimit: formRateLimit(route.form) },
    // A page's form, not a call of the API (docs/contract/api.md): not in the OpenAPI document.
    schema: { hide: true, summary: route.summary },
    errorHandler: (error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'form post failed');
      else request.log.info({ form: route.post.action, status }, 'form post refused');
      return seeOutcome(reply, route.post, [status === 429 ? 'tooMany' : 'failed'], pageOf(request));
    },
  };
  app.post(route.post.action, options, async (request, reply) => {
    const page = pageOf(request);
    // Fastify reads text/plain as a string and leaves a multipart body unread: no fields to take.
    if (!isFields(request.body)) return seeOutcome(reply, route.post, ['failed'], page);
    const body = request.body;
    // A robot gets what a person would get, and nothing is stored (public-forms.ts).
    if (isHoneypotFilled(body)) {
      request.log.info({ form: request.url }, 'honeypot filled; nothing stored');
      return seeOutcome(reply, route.post, [Object.keys(route.post.done)[0] as string], page);
    }
    const checked = route.schema.safeParse(body);
    if (!checked.success) {
      const codes = errorCodesOf(
        route.post,
        checked.error.issues.map((issue) => issue.message),
      );
      return seeOutcome(reply, route.post, codes, page);
    }
    return seeOutcome(reply, route.post, [await route.store(checked.data)], page);
  });
}

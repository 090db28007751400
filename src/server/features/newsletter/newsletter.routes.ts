import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  MAIL_MESSAGES,
  NewsletterIssueInputSchema,
  NewsletterIssueSchema,
  NewsletterTokenSchema,
} from '../../../shared/api/mail.js';
import {
  NEWSLETTER_CONFIRM_RESEND_MINUTES,
  NEWSLETTER_CONFIRMATIONS_PER_MAILBOX,
  NewsletterIssueListSchema,
  NewsletterLinkAnswerSchema,
  NewsletterSchema,
  NewsletterUnsubscribeBodySchema,
  NewsletterUnsubscribeQuerySchema,
} from '../../../shared/api/newsletter.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { HttpError } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import {
  FORM_LIMIT_NOTE,
  FORM_RECEIVED,
  FORM_TAGS,
  FormReceiptAnswerSchema,
  formRateLimit,
  HONEYPOT_NOTE,
  honeypot,
} from '../../lib/public-forms.js';
import { DENIED } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { countConfirmedSubscribers, listIssues } from './newsletter.repository.js';
import {
  confirm,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  sendNewsletter,
  subscribe,
  unsubscribe,
} from './newsletter.service.js';

const TAGS = ['Newsletter'];

/**
 * The links of the mails, per client address, counted in the database like the forms' limit. More
 * generous than the forms': one-click unsubscribes come from the servers of the big mail providers,
 * a few addresses speaking for many people, and a guess at a token (24 random bytes) is hopeless
 * at any rate.
 */
export const LINK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const rateLimit = {
  ...LINK_RATE_LIMIT,
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new HttpError(
      429,
      COMMON_ERROR_CODES.tooManyRequests,
      `Too many requests from this address. Please try again in ${context.after}.`,
    ),
};

const limitNote = `At most ${LINK_RATE_LIMIT.max} calls per address in ${LINK_RATE_LIMIT.timeWindow} (then 429 with Retry-After).`;

/** A mail program's one-click form is small: `List-Unsubscribe=One-Click`. */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * The public side (docs/decisions/0025-newsletter.md): the footer's form, which subscribes, and the
 * ends of the mails' links: confirming a subscription, and unsubscribing from the page or in one
 * click from the mail program.
 */
async function publicRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema } as const;

  api.post(
    '/newsletter',
    {
      config: { rateLimit: formRateLimit('newsletter') },
      preValidation: honeypot,
      schema: {
        tags: FORM_TAGS,
        summary: 'Subscribe to the newsletter',
        description:
          '201 for a new subscriber: the address is stored unconfirmed and sent a mail with the link that ' +
          'confirms it (double opt-in); only confirmed addresses receive newsletters. 200 when the email ' +
          '(in any letter case) is on the list already, and nothing changes; an unconfirmed one gets the ' +
          `confirmation mail again, at most once in ${NEWSLETTER_CONFIRM_RESEND_MINUTES} minutes. One mailbox gets at most ` +
          `${NEWSLETTER_CONFIRMATIONS_PER_MAILBOX.max} confirmation mails in ${NEWSLETTER_CONFIRMATIONS_PER_MAILBOX.hours} hours, ` +
          'over every spelling of its address (letter case, `+tags`); beyond that the answer is the same and no mail goes. ' +
          `The mail greets no name: the address has not confirmed it. ${HONEYPOT_NOTE} ${FORM_LIMIT_NOTE}`,
        body: NewsletterSchema,
        response: {
          200: FormReceiptAnswerSchema,
          201: FormReceiptAnswerSchema,
          400: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await subscribe(app.db, app.config.mail, request.body, await requestLocale(request));
      return reply.code(outcome === 'added' ? 201 : 200).send(FORM_RECEIVED);
    },
  );

  api.post(
    '/newsletter/confirm',
    {
      config: { rateLimit },
      schema: {
        tags: TAGS,
        summary: 'Confirm a newsletter subscription (the link of the confirmation mail)',
        description: `Confirming again is fine (200). An unknown token is 404 \`LINK_INVALID\`. ${limitNote}`,
        body: NewsletterTokenSchema,
        response: { 200: NewsletterLinkAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await confirm(app.db, request.body.token);
      return { data: { message: MAIL_MESSAGES.subscriptionConfirmed } };
    },
  );

  await app.register(unsubscribeRoute);
}

/** Unsubscribing, in a plugin of its own: the form parser below serves this route and no other. */
async function unsubscribeRoute(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema } as const;

  // Mail programs post the one-click form URL-encoded (or as multipart, which the uploads plugin
  // reads; the token is in the query then).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  api.post(
    '/newsletter/unsubscribe',
    {
      config: { rateLimit },
      schema: {
        tags: TAGS,
        summary: 'Unsubscribe from the newsletter, at once',
        description:
          'The unsubscribe page sends `{ "token": "…" }` as JSON. The `List-Unsubscribe` header of every ' +
          `newsletter names \`${ONE_CLICK_UNSUBSCRIBE_PATH}?token=…\`, which mail programs post ` +
          '`List-Unsubscribe=One-Click` to (RFC 8058), URL-encoded or as multipart form data: the token ' +
          'is then taken from the query. The subscriber is deleted with the newsletter mails still ' +
          `waiting for them. An unknown token is 404 \`LINK_INVALID\`. ${limitNote}`,
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        querystring: NewsletterUnsubscribeQuerySchema,
        body: NewsletterUnsubscribeBodySchema,
        response: { 200: NewsletterLinkAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      await unsubscribe(app.db, token);
      return { data: { message: MAIL_MESSAGES.unsubscribed } };
    },
  );
}

/** The principal's newsletters: write one to every confirmed subscriber, and read what was sent. */
async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  api.get(
    '/admin/newsletters',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The sent newsletters, newest first, and how many subscribers the next one reaches',
        security: BEARER_AUTH,
        response: { 200: NewsletterIssueListSchema, ...DENIED },
      },
    },
    async () => ({
      data: await listIssues(app.db),
      confirmedSubscribers: await countConfirmedSubscribers(app.db),
    }),
  );

  api.post(
    '/admin/newsletters',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Send a newsletter to every confirmed subscriber',
        description:
          'Stores the newsletter and queues one mail per confirmed subscriber, in one transaction: a ' +
          'greeting by name, the text in paragraphs (blank lines part them), a footer saying why the mail ' +
          'came with an unsubscribe link, and the `List-Unsubscribe` and `List-Unsubscribe-Post` headers. ' +
          '`recipients` is their number. 409 `NO_SUBSCRIBERS` when nobody has confirmed yet.',
        security: BEARER_AUTH,
        body: NewsletterIssueInputSchema,
        response: {
          201: z.object({ data: NewsletterIssueSchema }),
          400: ErrorBodySchema,
          ...DENIED,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await sendNewsletter(app.db, app.config.mail, request.body, {
        id: user.id,
        name: user.name,
      });
      return reply.code(201).send({ data });
    },
  );
}

/** The newsletter (docs/decisions/0025-newsletter.md). */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicRoutes);
  await app.register(adminRoutes);
}

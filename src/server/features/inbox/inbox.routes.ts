import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InboxHandledSchema,
  InboxItemParamsSchema,
  InboxItemSchema,
  InboxListSchema,
  InboxQuerySchema,
  NEWSLETTER_CSV_COLUMNS,
  NewsletterSubscriberSchema,
} from '../../../shared/api/admin.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { toCsv } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { DENIED, NO_CONTENT } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { schoolToday, userLocale } from '../settings/settings.repository.js';
import { deleteSubscriber, listInbox, listSubscribers, setHandled } from './inbox.repository.js';

const TAGS = ['Inbox'];
const SubscriberIdParamsSchema = IdParamsSchema;

/** The principal's inbox: what the public forms sent in, and the newsletter list. */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  // Names and emails of families: never kept by a browser or proxy cache.
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  api.get(
    '/admin/inbox',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Enquiries and bookings, newest first',
        description:
          '`kind` enquiry or booking (both when absent), `handled` true or false (both when absent), ' +
          '`limit` (default 100, at most 500) and `offset` page through the list.',
        security: BEARER_AUTH,
        querystring: InboxQuerySchema,
        response: { 200: InboxListSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => listInbox(app.db, request.query),
  );

  api.patch(
    '/admin/inbox/:kind/:id',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Mark an enquiry or booking handled, or not handled again',
        security: BEARER_AUTH,
        params: InboxItemParamsSchema,
        body: InboxHandledSchema,
        response: {
          200: z.object({ data: InboxItemSchema }),
          400: ErrorBodySchema,
          ...DENIED,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const data = await setHandled(app.db, kind, id, request.body.handled);
      if (!data) throw notFound(kind === 'enquiry' ? 'That enquiry' : 'That booking');
      return { data };
    },
  );

  api.get(
    '/admin/newsletter',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The newsletter subscribers, newest first',
        description:
          '`confirmed` tells whether the subscriber opened the link of the confirmation mail; only ' +
          'confirmed subscribers receive newsletters.',
        security: BEARER_AUTH,
        response: { 200: z.object({ data: z.array(NewsletterSubscriberSchema) }), ...DENIED },
      },
    },
    async () => ({ data: await listSubscribers(app.db) }),
  );

  api.get(
    '/admin/newsletter.csv',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The newsletter subscribers as a CSV file',
        description:
          `Columns ${NEWSLETTER_CSV_COLUMNS.join(', ')} (empty while unconfirmed); UTF-8 with a byte order mark (for Excel), CRLF ` +
          'line ends. Cells that a spreadsheet would run as a formula (starting with = + - @) start ' +
          'with a single quote.',
        security: BEARER_AUTH,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The CSV file, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...DENIED,
        },
      },
    },
    async (request, reply) => {
      const subscribers = await listSubscribers(app.db);
      // Headers in the downloader's language (English: NEWSLETTER_CSV_COLUMNS); the cells stay data.
      const { t } = translatorFor(await userLocale(app.db, currentUser(request).id));
      const csv = toCsv([
        [
          t('documents.newsletterCsv.name'),
          t('documents.newsletterCsv.email'),
          t('documents.newsletterCsv.subscribedAt'),
          t('documents.newsletterCsv.confirmedAt'),
        ],
        ...subscribers.map((s) => [s.name, s.email, s.createdAt, s.confirmedAt ?? '']),
      ]);
      const filename = `newsletter-subscribers-${await schoolToday(app.db)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(`\uFEFF${csv}`);
    },
  );

  api.delete(
    '/admin/newsletter/:id',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Remove a subscriber (for example when they ask to be taken off the list)',
        security: BEARER_AUTH,
        params: SubscriberIdParamsSchema,
        response: { 204: NO_CONTENT, 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!(await deleteSubscriber(app.db, request.params.id, currentUser(request))))
        throw notFound('That subscriber');
      return reply.code(204).send(null);
    },
  );
}

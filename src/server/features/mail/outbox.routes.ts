import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAIL_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import {
  MAIL_MESSAGES,
  MailSettingsSchema,
  OUTBOX_PAGE_SIZE,
  OutboxMailDetailSchema,
  OutboxMailSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
} from '../../../shared/api/mail.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { conflict, notFound } from '../../lib/errors.js';
import { CHECKED, DENIED } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { readMailSettings, writeMailSettings } from './mail-settings.repository.js';
import { listOutbox, readOutboxMail, retryFailedMail } from './outbox.repository.js';

const TAGS = ['Email'];

/**
 * The principal's Outbox (docs/decisions/0022-email-outbox.md): every mail the school queued, sent
 * or not, to read (without SMTP_URL nothing leaves the machine, and this is where the mails are),
 * and a failed one to send again; and the mail settings.
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  // Addresses of families and password-reset links: never kept by a browser or proxy cache.
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  api.get(
    '/admin/outbox',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The mails the school queued, newest first',
        description:
          `\`status\` waiting, sent or failed (all when absent; a mail being sent counts as waiting), ` +
          `\`page\` from 1, ${OUTBOX_PAGE_SIZE} mails a page. \`counts\` holds the number of mails ` +
          'in each state, `sending` whether mail leaves this server at all (SMTP_URL is set).',
        security: BEARER_AUTH,
        querystring: OutboxQuerySchema,
        response: { 200: OutboxPageSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => ({ ...(await listOutbox(app.db, request.query)), sending: !!app.mailSender }),
  );

  api.get(
    '/admin/outbox/:id',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'One mail, with its text and HTML bodies',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: z.object({ data: OutboxMailDetailSchema }), ...CHECKED },
      },
    },
    async (request) => {
      const data = await readOutboxMail(app.db, request.params.id, app.config.mail.publicUrl);
      if (!data) throw notFound('That mail');
      return { data };
    },
  );

  api.post(
    '/admin/outbox/:id/retry',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Send a failed mail again',
        description:
          'The mail waits again, due at once, with its count of tries back at 0; the sender sends it ' +
          'with the same Message-ID. 409 `NOT_FAILED` when the mail is not failed; 409 `LINK_GONE` when ' +
          'it carries a link (a password reset, a newsletter confirmation) whose key was removed when it ' +
          'failed: its recipient asks for a new one.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: z.object({ data: OutboxMailSchema }), ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const retried = await retryFailedMail(app.db, id, nowIso());
      const mail = await readOutboxMail(app.db, id, app.config.mail.publicUrl);
      if (!mail) throw notFound('That mail');
      if (retried === 'not-failed') throw conflict(MAIL_ERROR_CODES.notFailed, MAIL_MESSAGES.notFailed);
      if (retried === 'link-gone') throw conflict(MAIL_ERROR_CODES.linkGone, MAIL_MESSAGES.linkGone);
      const { messageId: _messageId, text: _text, html: _html, ...data } = mail;
      return { data };
    },
  );

  api.get(
    '/admin/mail-settings',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The mail settings',
        description: '`absenceAlerts`: families are emailed when their child is recorded absent.',
        security: BEARER_AUTH,
        response: { 200: z.object({ data: MailSettingsSchema }), ...DENIED },
      },
    },
    async () => ({ data: await readMailSettings(app.db) }),
  );

  api.put(
    '/admin/mail-settings',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Change the mail settings',
        description: '`absenceAlerts`: families are emailed when their child is recorded absent.',
        security: BEARER_AUTH,
        body: MailSettingsSchema,
        response: { 200: z.object({ data: MailSettingsSchema }), 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      await writeMailSettings(app.db, request.body);
      return { data: await readMailSettings(app.db) };
    },
  );
}

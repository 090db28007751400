import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  MAIL_MESSAGES,
  PASSWORD_RESET_MINUTES,
  PasswordResetConfirmSchema,
  PasswordResetDoneSchema,
  PasswordResetRequestedSchema,
  PasswordResetRequestSchema,
} from '../../../shared/api/mail.js';
import { confirmPasswordReset, RESET_LIMITS, requestPasswordReset } from './password-reset.service.js';

/**
 * `POST users/password-reset` and `POST users/password-reset/confirm`, open to anyone
 * (docs/decisions/0023-password-reset.md).
 */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/users/password-reset',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Ask for a link to set a new password; the same 202 for every email',
        description:
          'A known active account gets a mail with a link valid for ' +
          `${PASSWORD_RESET_MINUTES} minutes and once; a new request makes the earlier links useless. ` +
          'Unknown emails and pending or rejected accounts get the same answer and no mail. At most ' +
          `${RESET_LIMITS.account.max} requests per email and ${RESET_LIMITS.address.max} per client ` +
          'address within an hour (unknown emails count too); then 429 TOO_MANY_RESETS with ' +
          'Retry-After (seconds).',
        body: PasswordResetRequestSchema,
        response: { 202: PasswordResetRequestedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, app.config.mail, request.body.email, request.ip);
      return reply.code(202).send({ data: { message: MAIL_MESSAGES.resetRequested } });
    },
  );

  api.post(
    '/users/password-reset/confirm',
    {
      schema: {
        tags: ['Accounts'],
        summary: "Set a new password with a reset link's token; every session of the account ends",
        description:
          'The password follows the registration rules. A token that is unknown, used, expired or ' +
          'whose account is no longer active: 400 RESET_LINK_INVALID. At most ' +
          `${RESET_LIMITS.confirmAddress.max} confirmations that fail per client address within an hour; ` +
          'then 429 TOO_MANY_RESETS with Retry-After (seconds).',
        body: PasswordResetConfirmSchema,
        response: { 200: PasswordResetDoneSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await confirmPasswordReset(app.db, request.body.token, request.body.password, request.ip);
      return { data: { message: MAIL_MESSAGES.passwordReset } };
    },
  );
}

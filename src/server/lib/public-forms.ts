import type { preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { COMMON_ERROR_CODES } from '../../shared/api/error-codes.js';
import { FormReceiptSchema, HONEYPOT_FIELD, isHoneypotFilled } from '../../shared/api/newsletter.js';
import { HttpError } from './errors.js';

/**
 * What every public form of the site shares (contact, Book A Seat, the footer's newsletter): the
 * answer, the honeypot and the limit per client address. The forms live in two features (the inbox
 * and the newsletter), so this is here rather than in either.
 */

/**
 * Sends per client address and form, counted in the database like registration's limit
 * (plugins/rate-limit-store.ts), so every server process and a restart see the same count: enough
 * for a family, too few for a robot.
 */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/** The public forms, each with its own count per address. */
export type PublicForm = 'enquiry' | 'booking' | 'newsletter' | 'blog-comment';

/**
 * `config.rateLimit` of a public form's route. `groupId` names the form's counter
 * (plugins/rate-limit-store.ts): its JSON call and its plain HTML post
 * (docs/decisions/0029-forms-without-javascript.md) count together.
 */
export const formRateLimit = (form: PublicForm) => ({
  ...FORM_RATE_LIMIT,
  groupId: `form:${form}`,
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new HttpError(
      429,
      COMMON_ERROR_CODES.tooManyRequests,
      `Too many messages from this address. Please try again in ${context.after}.`,
    ),
});

export const FORM_RECEIVED = { data: { received: true as const } };
export const FormReceiptAnswerSchema = z.object({ data: FormReceiptSchema });

/**
 * A filled honeypot is a robot: it gets the answer a person would get, and nothing is stored.
 * Checked before validation, so a robot learns nothing from its mistakes either.
 */
export const honeypot: preValidationAsyncHookHandler = async (request, reply) => {
  if (!isHoneypotFilled(request.body)) return;
  request.log.info({ form: request.url }, 'honeypot filled; nothing stored');
  await reply.code(201).send(FORM_RECEIVED);
  return reply;
};

export const HONEYPOT_NOTE =
  `\`${HONEYPOT_FIELD}\` is a honeypot: a form sends it empty (or not at all); when it is filled the ` +
  'answer is the same 201 and nothing is stored.';
export const FORM_LIMIT_NOTE = `At most ${FORM_RATE_LIMIT.max} sends per address in ${FORM_RATE_LIMIT.timeWindow} (then 429 with Retry-After).`;

export const FORM_TAGS = ['Forms'];

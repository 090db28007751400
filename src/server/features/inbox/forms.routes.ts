import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_MESSAGES, BookingSchema, bookableClasses } from '../../../shared/api/booking.js';
import { EnquirySchema } from '../../../shared/api/enquiry.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  FormReceiptSchema,
  HONEYPOT_FIELD,
  isHoneypotFilled,
  NEWSLETTER_CONFIRM_RESEND_MINUTES,
  NewsletterSchema,
} from '../../../shared/api/newsletter.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { listContentRecords } from '../content/content.repository.js';
import { subscribe } from '../newsletter/newsletter.service.js';
import { insertBooking, insertEnquiry } from './inbox.repository.js';

/**
 * Sends per client address and form, counted in the database like registration's limit
 * (plugins/rate-limit-store.ts), so every server process and a restart see the same count: enough
 * for a family, too few for a robot.
 */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

const TAGS = ['Forms'];
const RECEIVED = { data: { received: true as const } };
const Receipt = z.object({ data: FormReceiptSchema });

const rateLimit = {
  ...FORM_RATE_LIMIT,
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new HttpError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many messages from this address. Please try again in ${context.after}.`,
    ),
};

/**
 * A filled honeypot is a robot: it gets the answer a person would get, and nothing is stored.
 * Checked before validation, so a robot learns nothing from its mistakes either.
 */
const honeypot: preValidationAsyncHookHandler = async (request, reply) => {
  if (!isHoneypotFilled(request.body)) return;
  request.log.info({ form: request.url }, 'honeypot filled; nothing stored');
  await reply.code(201).send(RECEIVED);
  return reply;
};

const honeypotNote =
  `\`${HONEYPOT_FIELD}\` is a honeypot: a form sends it empty (or not at all); when it is filled the ` +
  'answer is the same 201 and nothing is stored.';
const limitNote = `At most ${FORM_RATE_LIMIT.max} sends per address in ${FORM_RATE_LIMIT.timeWindow} (then 429 with Retry-After).`;

/**
 * The public forms (docs/contract/api.md#tag-forms): validated with the same schemas as the browser forms.
 */
export async function formsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema } as const;

  api.post(
    '/enquiries',
    {
      config: { rateLimit },
      preValidation: honeypot,
      schema: {
        tags: TAGS,
        summary: 'Send the contact form',
        description: `${honeypotNote} ${limitNote}`,
        body: EnquirySchema,
        response: { 201: Receipt, ...errors },
      },
    },
    async (request, reply) => {
      await insertEnquiry(app.db, request.body);
      return reply.code(201).send(RECEIVED);
    },
  );

  api.post(
    '/bookings',
    {
      config: { rateLimit },
      preValidation: honeypot,
      schema: {
        tags: TAGS,
        summary: 'Book a seat (the home page’s Book A Seat form)',
        description:
          '`className` is one of the names of the school’s class cards (`GET kidsclasses`), or Class 1, ' +
          `Class 2 or Class 3 when it has none. ${honeypotNote} ${limitNote}`,
        body: BookingSchema,
        response: { 201: Receipt, ...errors },
      },
    },
    async (request, reply) => {
      const cards = await listContentRecords(app.db, 'kidsclasses');
      if (!bookableClasses(cards.map((card) => card.title)).includes(request.body.className)) {
        throw invalid(BOOKING_MESSAGES.selectClass, [
          { field: 'className', message: BOOKING_MESSAGES.selectClass },
        ]);
      }
      await insertBooking(app.db, request.body);
      return reply.code(201).send(RECEIVED);
    },
  );

  api.post(
    '/newsletter',
    {
      config: { rateLimit },
      preValidation: honeypot,
      schema: {
        tags: TAGS,
        summary: 'Subscribe to the newsletter',
        description:
          '201 for a new subscriber: the address is stored unconfirmed and sent a mail with the link that ' +
          'confirms it (double opt-in); only confirmed addresses receive newsletters. 200 when the email ' +
          '(in any letter case) is on the list already, and nothing changes; an unconfirmed one gets the ' +
          `confirmation mail again, at most once in ${NEWSLETTER_CONFIRM_RESEND_MINUTES} minutes. ${honeypotNote} ${limitNote}`,
        body: NewsletterSchema,
        response: { 200: Receipt, 201: Receipt, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await subscribe(app.db, app.config.mail, request.body);
      return reply.code(outcome === 'added' ? 201 : 200).send(RECEIVED);
    },
  );
}

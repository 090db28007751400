import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BOOKING_MESSAGES, BookingSchema, bookingChoices } from '../../../shared/api/booking.js';
import { EnquirySchema } from '../../../shared/api/enquiry.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { invalid } from '../../lib/errors.js';
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
import { admissionsYear, classSeats } from '../admissions/admissions.repository.js';
import { caseFromBooking } from '../admissions/cases.repository.js';
import { listContentRecords } from '../content/content.repository.js';
import { insertBooking, insertEnquiry } from './inbox.repository.js';

/**
 * The public forms (docs/contract/api.md#tag-forms): validated with the same schemas as the browser forms.
 * The footer's newsletter form is the newsletter's (features/newsletter/newsletter.routes.ts).
 */
export async function formsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema } as const;

  api.post(
    '/enquiries',
    {
      config: { rateLimit: formRateLimit('enquiry') },
      preValidation: honeypot,
      schema: {
        tags: FORM_TAGS,
        summary: 'Send the contact form',
        description: `${HONEYPOT_NOTE} ${FORM_LIMIT_NOTE}`,
        body: EnquirySchema,
        response: { 201: FormReceiptAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await insertEnquiry(app.db, request.body);
      return reply.code(201).send(FORM_RECEIVED);
    },
  );

  api.post(
    '/bookings',
    {
      config: { rateLimit: formRateLimit('booking') },
      preValidation: honeypot,
      schema: {
        tags: FORM_TAGS,
        summary: 'Book a seat (the home page’s Book A Seat form)',
        description:
          '`className` is the name of one of the school’s classes that take admissions (`GET admissions/seats`); ' +
          'while none does, one of the names of the school’s class cards (`GET kidsclasses`), or Class 1, ' +
          `Class 2 or Class 3 when it has none. ${HONEYPOT_NOTE} ${FORM_LIMIT_NOTE}`,
        body: BookingSchema,
        response: { 201: FormReceiptAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cards = await listContentRecords(app.db, 'kidsclasses');
      const year = await admissionsYear(app.db);
      const seats = await classSeats(app.db, year);
      const choices = bookingChoices(
        seats,
        cards.map((card) => card.title),
      );
      if (!choices.some((choice) => choice.name === request.body.className)) {
        throw invalid(BOOKING_MESSAGES.selectClass, [
          { field: 'className', message: BOOKING_MESSAGES.selectClass },
        ]);
      }
      // Every booking becomes an admission case (docs/decisions/0102-the-admissions-pipeline.md),
      // in the family's language: the request's, the page's they booked from.
      const language = await requestLocale(request);
      await app.db.transaction().execute(async (trx) => {
        const bookingId = await insertBooking(trx, request.body);
        await caseFromBooking(trx, request.body, bookingId, language, year?.id ?? null);
      });
      return reply.code(201).send(FORM_RECEIVED);
    },
  );
}

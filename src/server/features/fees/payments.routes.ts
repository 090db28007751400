import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  FEE_ERROR_CODES,
  FEE_MESSAGES,
  FeeIdParamsSchema,
  IDEMPOTENCY_HEADER,
  PaymentInputSchema,
  PaymentSchema,
  ReasonInputSchema,
} from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { MAX_AMOUNT } from '../../../shared/rules/money.js';
import { invalid, notFound } from '../../lib/errors.js';
import { CHECKED } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { recordRequestAccess } from '../access-log/record-access.js';
import { readSettings, userLocale } from '../settings/settings.repository.js';
import { findVisiblePayment, receiptInvoice } from './payments.repository.js';
import { IDEMPOTENCY_KEY_PATTERN, recordPayment, voidPayment } from './payments.service.js';
import { receiptLogo, renderReceipt } from './receipt-pdf.js';

const TAGS = ['Fees'];

/** The header as the OpenAPI document shows it; its rule is checked in the handler (one clear message). */
const PaymentHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe(
      'Makes the request safe to repeat: 1 to 200 visible ASCII characters, new for each payment. ' +
        'A repeat with the same key and request answers the payment made the first time.',
    ),
});

/** The Idempotency-Key of the request, undefined without one; 400 when it breaks the rule. */
function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw invalid(FEE_MESSAGES.badIdempotencyKey, [
      { field: 'Idempotency-Key', message: FEE_MESSAGES.badIdempotencyKey },
    ]);
  }
  return value;
}

/** Payments (docs/decisions/0026-fees.md): recorded and voided by the principal; receipts as PDF. */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const principal = app.requireTypes(USER_TYPE.principal);

  // Money of families: never kept by a browser or proxy cache.
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  api.post(
    '/fees/payments',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Record a payment against an invoice, with its receipt number',
        description:
          'Above what the invoice still owes: 409 unless `asCredit`, which keeps the rest as credit on ' +
          "the pupil's account; a credit that would take the pupil's credit above the money maximum " +
          `(${MAX_AMOUNT} minor units): 409 \`${FEE_ERROR_CODES.creditAboveMaximum}\`. A cancelled invoice: 409. \`paidOn\` after the ` +
          "school's today: 400. With " +
          'an Idempotency-Key header, repeating the request (also at the same time) records one payment ' +
          'and answers it each time (201); the same key with another request: 409.',
        security: BEARER_AUTH,
        headers: PaymentHeadersSchema,
        body: PaymentInputSchema,
        response: { 201: z.object({ data: PaymentSchema }), ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers);
      const data = await recordPayment(app.db, currentUser(request), request.body, key);
      return reply.code(201).send({ data });
    },
  );

  api.post(
    '/fees/payments/:id/void',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Void a payment, with the reason (payments are never edited or deleted)',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        body: ReasonInputSchema,
        response: { 200: z.object({ data: PaymentSchema }), ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: await voidPayment(app.db, currentUser(request), request.params.id, request.body.reason),
    }),
  );

  api.get(
    '/fees/payments/:id/receipt.pdf',
    {
      onRequest: app.requireTypes(USER_TYPE.principal, USER_TYPE.parent),
      schema: {
        tags: TAGS,
        summary: 'The receipt of a payment as a PDF (the principal; the pupil’s guardians)',
        description:
          'The school’s name, address, logo and colour; the receipt number, the day paid in words, ' +
          'the pupil and class, the invoice’s items and total, the amount, method and reference; ' +
          '"Still to pay on this invoice" and "Balance of all the pupil’s fees"; who recorded it and ' +
          'when. A voided payment’s receipt says VOID, when and why. Another family’s payment: 404.',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The receipt, as a PDF file',
            content: { 'application/pdf': { schema: z.string() } },
          },
          ...CHECKED,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const payment = await findVisiblePayment(app.db, user, request.params.id);
      if (!payment) throw notFound('That payment');
      const settings = await readSettings(app.db);
      // In the language of whoever downloads it: a guardian gets theirs, the principal theirs.
      const pdf = await renderReceipt(
        {
          school: {
            name: settings.name,
            address: settings.address,
            logo: await receiptLogo(app.files, settings.logo),
            timeZone: settings.timeZone,
          },
          payment,
          ...(await receiptInvoice(app.db, payment)),
        },
        await userLocale(app.db, user.id),
      );
      await recordRequestAccess(app.db, request, {
        studentIds: payment.studentId === null ? [] : [payment.studentId],
        kind: 'receipt-pdf',
        detail: String(payment.receiptNo),
      });
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="receipt-${payment.receiptNo}.pdf"`)
          // The schema's string stands for the file in the OpenAPI document; the bytes go as they are.
          .send(pdf as unknown as string)
      );
    },
  );
}

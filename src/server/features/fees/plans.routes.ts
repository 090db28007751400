import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  AuditEntrySchema,
  AuditQuerySchema,
  DiscountInputSchema,
  DiscountParamsSchema,
  DiscountSchema,
  FeeIdParamsSchema,
  FeePlanInputSchema,
  FeePlanSchema,
  InvoiceSchema,
  IssuedInvoicesSchema,
  ReasonInputSchema,
} from '../../../shared/api/fees.js';
import { notFound } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, DENIED, NO_CONTENT, schoolRouting } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import {
  cancelInvoice,
  createPlan,
  issueInvoices,
  listDiscounts,
  listPlans,
  planInvoices,
  removeDiscount,
  setDiscount,
  updatePlan,
} from './plans.service.js';
import { auditPage } from './student-fees.service.js';

/**
 * Fees (docs/decisions/0026-fees.md): the principal's fee plans, issuing their invoices, the
 * pupils' discounts, cancelling an invoice and the money audit. A pupil's fees are in
 * student-fees.routes.ts. Pupils and teachers see no money (403).
 */

const FEES_TAGS = ['Fees'];
const PlanAnswerSchema = z.object({ data: FeePlanSchema });
const PlansAnswerSchema = z.object({ data: z.array(FeePlanSchema) });
const InvoiceAnswerSchema = z.object({ data: InvoiceSchema });
const InvoicesAnswerSchema = z.object({ data: z.array(InvoiceSchema) });
const DiscountAnswerSchema = z.object({ data: DiscountSchema });
const DiscountsAnswerSchema = z.object({ data: z.array(DiscountSchema) });
const AuditAnswerSchema = z.object({
  data: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
const CONFLICT = { 409: ErrorBodySchema };

export async function plansRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);

  api.get(
    '/admin/fee-plans',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'The fee plans, newest first, with their items, total and number of invoices',
        security: BEARER_AUTH,
        response: { 200: PlansAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: await listPlans(app.db) }),
  );

  api.post(
    '/admin/fee-plans',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'Make a fee plan: a class’s named items for a term, with a due date',
        description: 'In the school’s currency of today. An unknown class is a 400 on classId.',
        security: BEARER_AUTH,
        body: FeePlanInputSchema,
        response: { 201: PlanAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request, reply) => {
      const data = await createPlan(app.db, currentUser(request), request.body, nowIso());
      return reply.code(201).send({ data });
    },
  );

  api.put(
    '/admin/fee-plans/:id',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'Change a fee plan',
        description:
          'Once the plan has invoices its class and items can no longer change (409 PLAN_HAS_INVOICES); ' +
          'its name, term and due date can.',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        body: FeePlanInputSchema,
        response: { 200: PlanAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => ({
      data: await updatePlan(app.db, currentUser(request), request.params.id, request.body, nowIso()),
    }),
  );

  api.get(
    '/admin/fee-plans/:id/invoices',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'The plan’s invoices, by pupil name, with what is paid, the balance and the status',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        response: { 200: InvoicesAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: await planInvoices(app.db, request.params.id, await requestLocale(request)),
    }),
  );

  api.post(
    '/admin/fee-plans/:id/invoices',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'Issue the plan’s invoices: one for each current pupil of its class who has none yet',
        description:
          'Safe to repeat, also at the same moment: only the missing invoices are made; `created` counts them.',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        response: { 200: IssuedInvoicesSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: { created: await issueInvoices(app.db, currentUser(request), request.params.id, nowIso()) },
    }),
  );

  api.get(
    '/admin/fee-plans/:id/discounts',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'The pupils’ discounts on the plan',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        response: { 200: DiscountsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: await listDiscounts(app.db, request.params.id, await requestLocale(request)),
    }),
  );

  api.put(
    '/admin/fee-plans/:id/discounts/:studentId',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary:
          'Set a pupil’s discount on the plan: a percentage (basis points) or a fixed amount, with a reason',
        description:
          'Taken once off the subtotal. When the pupil’s invoice is issued its discount and total are ' +
          'recomputed, but never below what is paid on it (409 DISCOUNT_BELOW_PAID). The pupil must be ' +
          'in the plan’s class or have an invoice on it (else 400).',
        security: BEARER_AUTH,
        params: DiscountParamsSchema,
        body: DiscountInputSchema,
        response: { 200: DiscountAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => ({
      data: await setDiscount(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.studentId,
        request.body,
        nowIso(),
      ),
    }),
  );

  api.delete(
    '/admin/fee-plans/:id/discounts/:studentId',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'Remove a pupil’s discount on the plan (their issued invoice is recomputed)',
        security: BEARER_AUTH,
        params: DiscountParamsSchema,
        response: { 204: NO_CONTENT, ...CHECKED },
      },
    },
    async (request, reply) => {
      const { id, studentId } = request.params;
      if (!(await removeDiscount(app.db, currentUser(request), id, studentId, nowIso()))) {
        throw notFound('That discount');
      }
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/fees/invoices/:id/cancel',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'Cancel an invoice, with a reason (it is never deleted)',
        description: '409 INVOICE_HAS_PAYMENTS while a payment on it is not voided; 409 ALREADY_CANCELLED.',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        body: ReasonInputSchema,
        response: { 200: InvoiceAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => ({
      data: await cancelInvoice(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.reason,
        nowIso(),
      ),
    }),
  );

  api.get(
    '/admin/fees/audit',
    {
      onRequest: principal,
      schema: {
        tags: FEES_TAGS,
        summary: 'The audit of every change to money, newest first, a page at a time',
        security: BEARER_AUTH,
        querystring: AuditQuerySchema,
        response: { 200: AuditAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => auditPage(app.db, request.query.page),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEE_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  FEE_MESSAGES,
  FeeIdParamsSchema,
  OverdueRowSchema,
  ReminderSentSchema,
  StatementSchema,
  StudentIdParamsSchema,
  TermOverviewRowSchema,
} from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { MessageKey } from '../../../shared/i18n/message-keys.js';
import { toDecimalText } from '../../../shared/rules/money.js';
import { dateInZone } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import { toCsv } from '../../lib/csv.js';
import { KeyedVersionedCache, VersionedCache, VersionReader } from '../../lib/data-version.js';
import { conflict, notFound } from '../../lib/errors.js';
import { requestLocale, translatorFor } from '../../lib/i18n.js';
import { CHECKED, DENIED } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { recordRequestAccess } from '../access-log/record-access.js';
import { guardiansToMail } from '../family/family.repository.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings, schoolLanguages, userLocale } from '../settings/settings.repository.js';
import { reminderLetter, reminderMail } from './reminder-letter.js';
import {
  invoiceToRemind,
  ledgerRows,
  markReminded,
  overdueInvoices,
  pupilStatement,
  statementMoney,
  termOverview,
} from './reports.repository.js';

const TAGS = ['Fees'];

export const REPORT_MESSAGES = {
  nothingOwed: 'Nothing is owed on this invoice, so there is nothing to remind of.',
} as const;

/** The columns of `GET admin/fees/ledger.csv`, one row per invoice and per payment: their headers' keys. */
const LEDGER_CSV_HEADERS = [
  'documents.ledgerCsv.kind',
  'documents.ledgerCsv.number',
  'documents.ledgerCsv.receiptNo',
  'documents.ledgerCsv.invoice',
  'documents.ledgerCsv.recordedAt',
  'documents.ledgerCsv.pupilId',
  'documents.ledgerCsv.pupil',
  'documents.ledgerCsv.class',
  'documents.ledgerCsv.plan',
  'documents.ledgerCsv.term',
  'documents.ledgerCsv.currency',
  'documents.ledgerCsv.subtotal',
  'documents.ledgerCsv.discount',
  'documents.ledgerCsv.amount',
  'documents.ledgerCsv.applied',
  'documents.ledgerCsv.credit',
  'documents.ledgerCsv.method',
  'documents.ledgerCsv.reference',
  'documents.ledgerCsv.dueOrPaidOn',
  'documents.ledgerCsv.status',
  'documents.ledgerCsv.cancelledOrVoidedAt',
  'documents.ledgerCsv.reason',
] as const satisfies readonly MessageKey[];

/** The ledger's headers in a language (the downloader's). */
export const ledgerCsvColumns = (locale: Locale): string[] =>
  LEDGER_CSV_HEADERS.map((key) => translatorFor(locale).t(key));

/** The columns in English, as the API's description lists them. */
export const LEDGER_CSV_COLUMNS = ledgerCsvColumns('en');

/**
 * The language a printed reminder goes out in: the pupil's first guardian's (the first linked),
 * else the school's default.
 */
async function guardiansLocale(db: Db, studentId: number | null): Promise<Locale> {
  const guardian =
    studentId === null
      ? undefined
      : await db
          .selectFrom('guardian')
          .select('parent_id')
          .where('student_id', '=', studentId)
          .orderBy('created_at')
          .orderBy('parent_id')
          .executeTakeFirst();
  return guardian ? userLocale(db, guardian.parent_id) : (await schoolLanguages(db)).language;
}

/** The principal's reports of the fee ledger (docs/decisions/0026-fees.md). */
export async function feeReportsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  // Families' money: never kept by a browser or proxy cache.
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  // The overview, kept until the ledger changes (lib/data-version.ts): every audited money change
  // and every class rename raise its version.
  const ledgerVersion = new VersionReader(app.db, 'ledger');
  const overview = new VersionedCache(ledgerVersion, () => termOverview(app.db));
  // A pupil's money events, kept per pupil on the same version (the pupil's name is read fresh).
  const statements = new KeyedVersionedCache(ledgerVersion, (studentId: number) =>
    statementMoney(app.db, studentId),
  );

  /** The invoice a reminder is about, when something is still owed on it. */
  async function owedInvoice(id: number) {
    const invoice = await invoiceToRemind(app.db, id);
    if (!invoice) throw notFound('That invoice');
    if (invoice.outstanding <= 0) throw conflict(FEE_ERROR_CODES.nothingOwed, REPORT_MESSAGES.nothingOwed);
    return invoice;
  }

  api.get(
    '/admin/fees/overview',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Billed, collected and outstanding per class and term',
        description:
          'Over issued invoices: `billed` sums their totals, `collected` what standing (not voided) ' +
          'payments applied to them (credit is not counted), `outstanding` = billed − collected. ' +
          'Amounts in minor units of `currency`. Newest term first.',
        security: BEARER_AUTH,
        response: { 200: z.object({ data: z.array(TermOverviewRowSchema) }), ...DENIED },
      },
    },
    async () => ({ data: await overview.get() }),
  );

  api.get(
    '/admin/fees/overdue',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Issued invoices past their due date with something still owed',
        description:
          'Past due means the due date is before the school’s today (its time zone). `canEmail` tells ' +
          'whether a reminder can be mailed (an active guardian account has an email); otherwise print ' +
          'the reminder letter. Longest overdue first.',
        security: BEARER_AUTH,
        response: { 200: z.object({ data: z.array(OverdueRowSchema) }), ...DENIED },
      },
    },
    async (request) => {
      const settings = await readSettings(app.db);
      const today = dateInZone(new Date(), settings.timeZone);
      return { data: await overdueInvoices(app.db, today, await requestLocale(request)) };
    },
  );

  api.post(
    '/admin/fees/invoices/:id/reminder',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Mail a fee reminder to the pupil’s guardians',
        description:
          'One mail to each active guardian account with an email, queued in the Outbox together with ' +
          'the invoice’s `lastReminderAt`. 409 `NO_GUARDIAN_EMAIL` when no guardian has an email (print ' +
          'the letter instead), 409 `NOTHING_OWED` when nothing is owed (paid or cancelled).',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        response: { 200: ReminderSentSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const invoice = await owedInvoice(request.params.id);
      const emailed = await app.db.transaction().execute(async (trx) => {
        const guardians = invoice.studentId === null ? [] : await guardiansToMail(trx, [invoice.studentId]);
        if (guardians.length === 0)
          throw conflict(FEE_ERROR_CODES.noGuardianEmail, FEE_MESSAGES.noGuardianEmail);
        const school = await readSettings(trx);
        // Each guardian's mail in their own language.
        const mails = await Promise.all(
          guardians.map(async (guardian) =>
            reminderMail(
              app.config.mail,
              school,
              invoice,
              guardian,
              await userLocale(trx, guardian.parentId),
            ),
          ),
        );
        const ids = await queueMails(trx, app.config.mail, mails);
        await markReminded(trx, invoice.id, nowIso());
        return ids.length;
      });
      return { data: { emailed } };
    },
  );

  api.get(
    '/admin/fees/invoices/:id/reminder.pdf',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'A printable fee reminder letter to the pupil’s parents (PDF)',
        description:
          'With the school’s name and address from its settings, the date, what is owed and by when, and ' +
          'how to pay. 409 `NOTHING_OWED` when nothing is owed.',
        security: BEARER_AUTH,
        params: FeeIdParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: { description: 'The letter', content: { 'application/pdf': { schema: z.string() } } },
          ...CHECKED,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const invoice = await owedInvoice(request.params.id);
      const settings = await readSettings(app.db);
      const pdf = await reminderLetter(
        settings,
        invoice,
        dateInZone(new Date(), settings.timeZone),
        await guardiansLocale(app.db, invoice.studentId),
      );
      await recordRequestAccess(app.db, request, {
        studentIds: invoice.studentId === null ? [] : [invoice.studentId],
        kind: 'fee-reminder-pdf',
        detail: String(invoice.id),
      });
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="fee-reminder-${invoice.id}.pdf"`)
          // The schema above documents the body for OpenAPI; Fastify sends a Buffer as it is.
          .send(pdf as unknown as string)
      );
    },
  );

  api.get(
    '/admin/fees/statement/:id',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s statement: every money event, oldest first, with a running balance',
        description:
          'Invoices (+ total), cancellations (− total), payments (− what they applied), credit (− the ' +
          'part of a payment kept on the account) and voids (+ the payment’s amount). The last balance ' +
          'is the pupil’s balance: above 0 owed, below 0 credit. `id` is the pupil’s.',
        security: BEARER_AUTH,
        params: StudentIdParamsSchema,
        response: { 200: z.object({ data: StatementSchema }), ...CHECKED },
      },
    },
    async (request) => {
      const data = await pupilStatement(
        app.db,
        request.params.id,
        async () => (await readSettings(app.db)).currency,
        (studentId) => statements.get(studentId),
      );
      if (!data) throw notFound('That pupil');
      return { data };
    },
  );

  api.get(
    '/admin/fees/ledger.csv',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The whole fee ledger as a CSV file',
        description:
          `Columns ${LEDGER_CSV_COLUMNS.join(', ')}: one row per invoice, then one per payment, each by ` +
          'number. Amounts are exact decimals of the currency (1234.50), without a currency sign. UTF-8 ' +
          'with a byte order mark (for Excel), CRLF line ends; cells a spreadsheet would run as a ' +
          'formula start with a single quote.',
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
      const { invoices, payments } = await ledgerRows(app.db);
      const id = (value: number | null) => (value === null ? '' : String(value));
      // Headers in the downloader's language; the cells stay data (codes, ISO dates, plain decimals).
      const csv = toCsv([
        ledgerCsvColumns(await userLocale(app.db, currentUser(request).id)),
        ...invoices.map((i) => {
          const money = (amount: number) => toDecimalText(Number(amount), i.currency);
          return [
            'invoice',
            String(i.id),
            '',
            String(i.id),
            i.issued_at,
            id(i.student_id),
            i.student_name,
            i.class_name,
            i.planName,
            i.term,
            i.currency,
            money(i.subtotal),
            money(i.discount),
            money(i.total),
            '',
            '',
            '',
            '',
            i.due_date,
            i.status,
            i.cancelled_at ?? '',
            i.cancel_reason ?? '',
          ];
        }),
        ...payments.map((p) => {
          const money = (amount: number) => toDecimalText(Number(amount), p.currency);
          return [
            'payment',
            String(p.id),
            String(p.receipt_no),
            String(p.invoice_id),
            p.created_at,
            id(p.student_id),
            p.student_name,
            p.class_name,
            p.planName,
            p.term,
            p.currency,
            '',
            '',
            money(p.amount),
            money(p.applied),
            money(Number(p.amount) - Number(p.applied)),
            p.method,
            p.reference,
            p.paid_on,
            p.voided_at === null ? 'standing' : 'voided',
            p.voided_at ?? '',
            p.void_reason ?? '',
          ];
        }),
      ]);
      const settings = await readSettings(app.db);
      const filename = `fee-ledger-${dateInZone(new Date(), settings.timeZone)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(`\uFEFF${csv}`);
    },
  );
}

import { z } from 'zod';
import { BASIS_POINTS_IN_WHOLE, formatMoney, MAX_AMOUNT, minorDigits } from '../rules/money.js';
import { chosenIdSchema, pageNumberSchema, pathIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';
import { termIdSchema } from './school-years.js';
import { requiredText } from './text-fields.js';

/**
 * Fees (docs/decisions/0026-fees.md): the principal's ledger of fee plans, invoices, discounts,
 * payments, receipts and the audit of every change to money, and what parents see of their
 * children's fees. Every amount is a whole number of the school currency's minor unit
 * (shared/rules/money.ts); a percentage is in basis points. These calls are ours, so their names
 * are correctly spelt.
 */

// ---------------------------------------------------------------- pieces

export const FEE_LIMITS = {
  planName: 100,
  term: 50,
  itemName: 100,
  items: 30,
  reason: 300,
  reference: 100,
  idempotencyKey: 200,
} as const;

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  other: 'Other',
};

/** An invoice's state: `overdue` is an issued one past its due date with something still to pay. */
export const INVOICE_STATUSES = ['open', 'partial', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  open: 'Open',
  partial: 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The header a client sends to make a payment request safe to repeat. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const FEE_MESSAGES = {
  enterPlanName: 'Please enter the plan’s name',
  enterTerm: 'Please enter the term, e.g. Autumn 2026',
  chooseClass: 'Choose a class',
  chooseDueDate: 'Choose the due date',
  addItem: 'Add at least one item',
  tooManyItems: `A plan has at most ${FEE_LIMITS.items} items`,
  enterItemName: 'Please enter the item’s name',
  amountInvalid: 'Please enter an amount of at least 0, in the currency’s smallest unit',
  paymentAmountInvalid: 'Please enter an amount above 0',
  /** The API's amounts are minor units already: a fraction of one is no amount (400). */
  amountNotWhole: 'The amount is in minor units of the currency (whole cents): no fractions.',
  /** Typed in a form with more decimals than the currency's minor unit has ("12.345" USD, "5.5" JPY). */
  amountFraction: (currency: string) => {
    const digits = minorDigits(currency);
    const example = formatMoney(1234, currency);
    if (digits === 0)
      return `The amount must be in whole units of ${currency}: no decimals, e.g. ${example}.`;
    const unit = digits === 2 ? 'whole cents' : `whole minor units of ${currency}`;
    return `The amount must be in ${unit}: at most ${digits} decimals, e.g. ${example}.`;
  },
  amountTooLarge: (currency: string) => `An amount is at most ${formatMoney(MAX_AMOUNT, currency)}.`,
  percentInvalid: 'A percentage is between 0.01 % and 100 % (1 to 10000 basis points)',
  choosePupil: 'Choose a pupil',
  chooseInvoice: 'Choose an invoice',
  chooseMethod: 'Choose cash, bank transfer, card or other',
  choosePaidOn: 'Choose the date it was paid',
  paidInFuture: 'The payment date cannot be in the future',
  enterReason: 'Please write the reason',
  referenceTooLong: `The reference is at most ${FEE_LIMITS.reference} characters`,
  badIdempotencyKey: `The Idempotency-Key header is 1 to ${FEE_LIMITS.idempotencyKey} visible characters`,
  idempotencyKeyReused: 'This Idempotency-Key was used for a different payment.',
  aboveOutstanding: (outstanding: string) =>
    `This is more than the ${outstanding} still owed on the invoice. Record the rest as credit on the pupil's account, or enter a smaller amount.`,
  creditAboveMaximum: (maximum: string, room: string) =>
    `A pupil's credit is at most ${maximum}; at most ${room} more can be kept as credit. Record a smaller amount.`,
  invoiceCancelled: 'This invoice is cancelled; no payment can be recorded against it.',
  invoiceHasPayments: 'This invoice has payments. Void them before cancelling it.',
  alreadyCancelled: 'This invoice is cancelled already.',
  alreadyVoided: 'This payment is voided already.',
  planHasInvoices: 'This plan has invoices; its class and items can no longer change.',
  pupilNotInClass: 'This pupil is not in the plan’s class.',
  noGuardianEmail: 'No guardian of this pupil has an email; print the reminder letter instead.',
} as const;

/** Error codes of the fee calls that a client may tell apart (the `code` of the error body). */
export { FEE_ERROR_CODES } from './error-codes.js';

/** What the plans, discounts and cancellations answer besides FEE_MESSAGES (a 409 or 400's message). */
export const FEE_PLAN_MESSAGES = {
  discountBelowPaid: (paid: string) =>
    `With this discount the invoice would come to less than the ${paid} already paid. Void a payment first, or give a smaller discount.`,
  classUnknown: 'That class does not exist; choose one of the school’s classes.',
} as const;

const reasonField = requiredText(FEE_MESSAGES.enterReason, 'The reason', FEE_LIMITS.reason);

/**
 * A whole number of minor units, 0 to MAX_AMOUNT. A fraction gets its own message (amountNotWhole);
 * zod's int check also refuses numbers beyond the safe integers, which are `message`'s (too large).
 */
export const amountSchema = /* @__NO_SIDE_EFFECTS__ */ (message: string = FEE_MESSAGES.amountInvalid) =>
  z
    .number({ error: message })
    .int({ error: (issue) => (issue.code === 'invalid_type' ? FEE_MESSAGES.amountNotWhole : message) })
    .min(0, message)
    .max(MAX_AMOUNT, message);

export const FeeIdParamsSchema = z.object({ id: pathIdSchema() });
export const StudentIdParamsSchema = z.object({ id: pathIdSchema() });

// ---------------------------------------------------------------- plans

export const FeeItemSchema = z.object({
  name: requiredText(FEE_MESSAGES.enterItemName, 'The item’s name', FEE_LIMITS.itemName),
  amount: amountSchema(),
});
export type FeeItem = z.infer<typeof FeeItemSchema>;

/** `POST admin/fee-plans` and `PUT admin/fee-plans/{id}` (the latter only while it has no invoices). */
export const FeePlanInputSchema = z.object({
  name: requiredText(FEE_MESSAGES.enterPlanName, 'The plan’s name', FEE_LIMITS.planName),
  classId: chosenIdSchema(FEE_MESSAGES.chooseClass),
  term: requiredText(FEE_MESSAGES.enterTerm, 'The term', FEE_LIMITS.term),
  /**
   * The plan's school term (docs/decisions/0085-school-years-and-terms.md); its name then replaces
   * `term`. Without it, the current year's term named `term` (if any) is the plan's.
   */
  termId: termIdSchema().optional(),
  dueDate: IsoDateSchema,
  items: z
    .array(FeeItemSchema, { error: FEE_MESSAGES.addItem })
    .min(1, FEE_MESSAGES.addItem)
    .max(FEE_LIMITS.items, FEE_MESSAGES.tooManyItems),
});
export type FeePlanInput = z.infer<typeof FeePlanInputSchema>;

export const FeePlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  classId: z.number().int(),
  className: z.string(),
  /** Its term's name. */
  term: z.string(),
  /** Its school term; null for a plan whose term is text only. */
  termId: z.number().int().nullable(),
  dueDate: z.string(),
  /** ISO 4217, the school's currency when the plan was made. */
  currency: z.string(),
  items: z.array(FeeItemSchema.extend({ id: z.number().int() })),
  /** The items' sum, before any pupil's discount. */
  total: z.number().int(),
  invoices: z.number().int(),
  createdAt: z.string(),
});
export type FeePlan = z.infer<typeof FeePlanSchema>;

/** `POST admin/fee-plans/{id}/invoices`: how many invoices this issue created (0 when all existed). */
export const IssuedInvoicesSchema = z.object({ data: z.object({ created: z.number().int() }) });

// ---------------------------------------------------------------- discounts

/** `PUT admin/fee-plans/{id}/discounts/{studentId}`: a pupil's discount on the plan. */
export const DiscountInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('percent'),
      /** Basis points: 1250 = 12.5 %. */
      basisPoints: z
        .number({ error: FEE_MESSAGES.percentInvalid })
        .int(FEE_MESSAGES.percentInvalid)
        .min(1, FEE_MESSAGES.percentInvalid)
        .max(BASIS_POINTS_IN_WHOLE, FEE_MESSAGES.percentInvalid),
      reason: reasonField,
    }),
    z.object({
      kind: z.literal('fixed'),
      amount: amountSchema(FEE_MESSAGES.paymentAmountInvalid).min(1, FEE_MESSAGES.paymentAmountInvalid),
      reason: reasonField,
    }),
  ],
  { error: 'Choose a percentage or a fixed amount' },
);
export type DiscountInput = z.infer<typeof DiscountInputSchema>;

export const DiscountParamsSchema = z.object({ id: pathIdSchema(), studentId: pathIdSchema() });

export const DiscountSchema = z.object({
  planId: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Basis points for `percent`, minor units for `fixed`. */
  value: z.number().int(),
  reason: z.string(),
});
export type Discount = z.infer<typeof DiscountSchema>;

// ---------------------------------------------------------------- invoices

export const InvoiceLineSchema = z.object({ name: z.string(), amount: z.number().int() });

export const InvoiceSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  term: z.string(),
  studentId: z.number().int().nullable(),
  studentName: z.string(),
  className: z.string(),
  currency: z.string(),
  lines: z.array(InvoiceLineSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  discountReason: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  cancelReason: z.string().nullable(),
  issuedAt: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** `POST fees/invoices/{id}/cancel`. */
export const ReasonInputSchema = z.object({ reason: reasonField });
export type ReasonInput = z.infer<typeof ReasonInputSchema>;

// ---------------------------------------------------------------- payments

/**
 * `POST fees/payments` (with an optional Idempotency-Key header). `asCredit`: what is above the
 * invoice's outstanding amount is kept as credit on the pupil's account instead of refused.
 */
export const PaymentInputSchema = z.object({
  invoiceId: chosenIdSchema(FEE_MESSAGES.chooseInvoice),
  amount: amountSchema(FEE_MESSAGES.paymentAmountInvalid).min(1, FEE_MESSAGES.paymentAmountInvalid),
  method: z.enum(PAYMENT_METHODS, { error: FEE_MESSAGES.chooseMethod }),
  reference: z
    .string({ error: FEE_MESSAGES.referenceTooLong })
    .trim()
    .max(FEE_LIMITS.reference, FEE_MESSAGES.referenceTooLong)
    .default(''),
  paidOn: IsoDateSchema,
  asCredit: z.boolean().default(false),
});
export type PaymentInput = z.input<typeof PaymentInputSchema>;

export const PaymentSchema = z.object({
  id: z.number().int(),
  receiptNo: z.number().int(),
  invoiceId: z.number().int(),
  studentId: z.number().int().nullable(),
  studentName: z.string(),
  amount: z.number().int(),
  /** The part that paid the invoice; the rest (`credit`) went to the pupil's account. */
  applied: z.number().int(),
  credit: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  paidOn: z.string(),
  currency: z.string(),
  recordedBy: z.string(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** The pupil's balance (owed; negative = credit) right after this payment was recorded. */
  balanceAfter: z.number().int(),
});
export type Payment = z.infer<typeof PaymentSchema>;

// ---------------------------------------------------------------- a pupil's fees

/** `GET fees/student/{id}` (the principal; the pupil's guardians). `balance` > 0 is owed, < 0 credit. */
export const StudentFeesSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  invoices: z.array(InvoiceSchema),
  payments: z.array(PaymentSchema),
});
export type StudentFees = z.infer<typeof StudentFeesSchema>;

export const STATEMENT_ENTRY_KINDS = ['invoice', 'cancellation', 'payment', 'void', 'credit'] as const;

/** `GET admin/fees/statement/{id}`: every money event of a pupil, oldest first, with a running balance. */
export const StatementEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  description: z.string(),
  /** + raises what is owed (an invoice, a void), − lowers it (a payment, a cancellation). */
  amount: z.number().int(),
  balance: z.number().int(),
  invoiceId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
});
export const StatementSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  currency: z.string(),
  entries: z.array(StatementEntrySchema),
  balance: z.number().int(),
});
export type Statement = z.infer<typeof StatementSchema>;

// ---------------------------------------------------------------- the principal's overview

/** `GET admin/fees/overview`: per class and term. */
export const TermOverviewRowSchema = z.object({
  classId: z.number().int(),
  className: z.string(),
  term: z.string(),
  currency: z.string(),
  invoices: z.number().int(),
  billed: z.number().int(),
  collected: z.number().int(),
  outstanding: z.number().int(),
});
export type TermOverviewRow = z.infer<typeof TermOverviewRowSchema>;

/** `GET admin/fees/overdue`. */
export const OverdueRowSchema = z.object({
  invoiceId: z.number().int(),
  studentId: z.number().int().nullable(),
  studentName: z.string(),
  className: z.string(),
  planName: z.string(),
  currency: z.string(),
  outstanding: z.number().int(),
  dueDate: z.string(),
  daysOverdue: z.number().int(),
  /** Whether a guardian has an email, so a reminder can be mailed (else a letter is printed). */
  canEmail: z.boolean(),
  lastReminderAt: z.string().nullable(),
});
export type OverdueRow = z.infer<typeof OverdueRowSchema>;

/** `POST admin/fees/invoices/{id}/reminder`: mailed to the guardians, or 409 noGuardianEmail. */
export const ReminderSentSchema = z.object({ data: z.object({ emailed: z.number().int() }) });

// ---------------------------------------------------------------- the audit log

/** `GET admin/fees/audit`: every change to money, newest first. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  page: pageNumberSchema(),
});
export const AUDIT_PAGE_SIZE = 100;

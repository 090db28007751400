import { PAYMENT_METHODS, type Payment, type PaymentMethod } from '../../../shared/api/fees.js';
import type { Db } from '../../db/connect.js';
import type { SessionUser } from '../auth/session.js';
import { moneyVisible } from '../school/school.policy.js';
import type { ReceiptDetails } from './receipt-pdf.js';

/**
 * Reads of payments as the API answers them (`Payment` of shared/api/fees.ts). Every read of a
 * payment goes through `selectPayments` and `toPayment`, so a receipt, a pupil's fees and a
 * payment's answer agree.
 */

const paymentColumns = [
  'p.id',
  'p.receipt_no',
  'p.invoice_id',
  'p.student_id',
  'p.student_name',
  'p.amount',
  'p.applied',
  'p.method',
  'p.reference',
  'p.paid_on',
  'p.recorded_by_name',
  'p.created_at',
  'p.voided_at',
  'p.void_reason',
  'p.balance_after',
  'p.idempotency_key',
  'p.request_hash',
  'pl.currency',
] as const;

const selectPayments = (db: Db) =>
  db
    .selectFrom('payment as p')
    .innerJoin('invoice as i', 'i.id', 'p.invoice_id')
    .innerJoin('fee_plan as pl', 'pl.id', 'i.plan_id')
    .select(paymentColumns);

type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayments>['executeTakeFirstOrThrow']>>;

/** A payment row with what the idempotency check needs beside the answer. */
export interface StoredPayment {
  payment: Payment;
  requestHash: string | null;
}

/** The stored method (the table's check allows only PAYMENT_METHODS); anything else reads as other. */
const asMethod = (method: string): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as PaymentMethod) : 'other';

function toPayment(row: PaymentRow): Payment {
  const amount = Number(row.amount);
  const applied = Number(row.applied);
  return {
    id: row.id,
    receiptNo: row.receipt_no,
    invoiceId: row.invoice_id,
    studentId: row.student_id,
    studentName: row.student_name,
    amount,
    applied,
    credit: amount - applied,
    method: asMethod(row.method),
    reference: row.reference,
    paidOn: row.paid_on,
    currency: row.currency,
    recordedBy: row.recorded_by_name,
    createdAt: row.created_at,
    voidedAt: row.voided_at,
    voidReason: row.void_reason,
    balanceAfter: Number(row.balance_after),
  };
}

export async function findPayment(db: Db, id: number): Promise<Payment | undefined> {
  const row = await selectPayments(db).where('p.id', '=', id).executeTakeFirst();
  return row && toPayment(row);
}

/** The payment recorded with this Idempotency-Key, if any. */
export async function findPaymentByKey(db: Db, key: string): Promise<StoredPayment | undefined> {
  const row = await selectPayments(db).where('p.idempotency_key', '=', key).executeTakeFirst();
  return row && { payment: toPayment(row), requestHash: row.request_hash };
}

/** A pupil's payments, newest first (voided ones included). */
export async function paymentsOfPupil(db: Db, studentId: number): Promise<Payment[]> {
  const rows = await selectPayments(db)
    .where('p.student_id', '=', studentId)
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map(toPayment);
}

/**
 * The payment as this viewer may see it: the principal any; a Parent their children's only
 * (features/school/school.policy.ts); undefined otherwise, as for an unknown id.
 */
export async function findVisiblePayment(
  db: Db,
  viewer: SessionUser,
  id: number,
): Promise<Payment | undefined> {
  const row = await selectPayments(db)
    .where('p.id', '=', id)
    .where(moneyVisible(db, viewer, 'p.student_id'))
    .executeTakeFirst();
  return row && toPayment(row);
}

/**
 * What a receipt shows of the payment's invoice: its class, plan, term, lines and total, and what
 * it still asked for right after this payment: its total less what this payment and the ones
 * recorded before it paid, leaving out those voided before this one was recorded (a receipt printed
 * again later reads as it did that day).
 */
export async function receiptInvoice(
  db: Db,
  payment: Payment,
): Promise<Omit<ReceiptDetails, 'school' | 'payment'>> {
  const invoiceId = payment.invoiceId;
  const invoice = await db
    .selectFrom('invoice as i')
    .innerJoin('fee_plan as pl', 'pl.id', 'i.plan_id')
    .select(['i.class_name', 'i.total', 'pl.name as plan_name', 'pl.term'])
    .where('i.id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('invoice_line')
    .select(['name', 'amount'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
  const paidBefore = await db
    .selectFrom('payment')
    .select(['applied', 'voided_at'])
    .where('invoice_id', '=', invoiceId)
    .where('id', '<=', payment.id)
    .execute();
  const recordedAt = Date.parse(payment.createdAt);
  const applied = paidBefore
    .filter((row) => row.voided_at === null || Date.parse(row.voided_at) > recordedAt)
    .reduce((sum, row) => sum + Number(row.applied), 0);
  const total = Number(invoice.total);
  return {
    className: invoice.class_name,
    planName: invoice.plan_name,
    term: invoice.term,
    lines: lines.map((line) => ({ name: line.name, amount: Number(line.amount) })),
    invoiceTotal: total,
    invoiceStillToPay: Math.max(0, total - applied),
  };
}

import type { Payment, PaymentMethod } from '../../../shared/api/fees.js';
import type { Db } from '../../db/connect.js';

/** Reads of payments as the API answers them (`Payment` of shared/api/fees.ts). */

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
    method: row.method as PaymentMethod,
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

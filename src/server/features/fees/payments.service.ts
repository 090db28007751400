import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  FEE_ERROR_CODES,
  FEE_MESSAGES,
  type Payment,
  type PaymentInputSchema,
} from '../../../shared/api/fees.js';
import { formatMoney, MAX_AMOUNT } from '../../../shared/rules/money.js';
import { dateInZone } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { SessionUser } from '../auth/session.js';
import { readSettings } from '../settings/settings.repository.js';
import { isUniqueViolation } from '../users/users.repository.js';
import { heldCredit, outstandingOnInvoice, pupilBalance } from './balance.repository.js';
import { auditMoney } from './money-audit.repository.js';
import { findPayment, findPaymentByKey, type StoredPayment } from './payments.repository.js';
import { officeProvider } from './providers/office.js';
import type { PaymentProvider } from './providers/payment-provider.js';

/**
 * Recording and voiding payments (docs/decisions/0026-fees.md). A payment is written in one
 * transaction with everything it depends on: the invoice's row is locked first (PostgreSQL
 * `for update`; SQLite has one writer), so two payments on one invoice cannot both pass the
 * outstanding check; the receipt number is taken from the counter row in the same transaction,
 * so a payment that fails gives its number back and the numbers stay without gaps.
 */

export type PaymentRequest = z.output<typeof PaymentInputSchema>;

/** The Idempotency-Key header's rule: 1 to 200 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,200}$/;

/** SHA-256 of the request in a fixed field order: a repeat of a key must be the same request. */
export function requestHashOf(request: PaymentRequest): string {
  const canonical = JSON.stringify([
    request.invoiceId,
    request.amount,
    request.method,
    request.reference,
    request.paidOn,
    request.asCredit,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The earlier answer to this key, or 409 when the key came with another request. */
function repeatOf(stored: StoredPayment, requestHash: string): Payment {
  if (stored.requestHash !== requestHash) {
    throw conflict(FEE_ERROR_CODES.idempotencyKeyReused, FEE_MESSAGES.idempotencyKeyReused);
  }
  return stored.payment;
}

export async function recordPayment(
  db: Db,
  actor: SessionUser,
  request: PaymentRequest,
  idempotencyKey: string | undefined,
  provider: PaymentProvider = officeProvider,
): Promise<Payment> {
  const settings = await readSettings(db);
  if (request.paidOn > dateInZone(new Date(), settings.timeZone)) {
    throw invalid(FEE_MESSAGES.paidInFuture, [{ field: 'paidOn', message: FEE_MESSAGES.paidInFuture }]);
  }
  const requestHash = requestHashOf(request);
  if (idempotencyKey !== undefined) {
    const earlier = await findPaymentByKey(db, idempotencyKey);
    if (earlier) return repeatOf(earlier, requestHash);
  }
  try {
    return await db
      .transaction()
      .execute((trx) => recordInTransaction(trx, actor, request, idempotencyKey, requestHash, provider));
  } catch (error) {
    // Two requests with one key at once: the loser's insert hit the key's unique index and its
    // transaction rolled back (its receipt number with it); it answers the winner's payment.
    if (idempotencyKey !== undefined && isUniqueViolation(error)) {
      const winner = await findPaymentByKey(db, idempotencyKey);
      if (winner) return repeatOf(winner, requestHash);
    }
    throw error;
  }
}

async function recordInTransaction(
  trx: Db,
  actor: SessionUser,
  request: PaymentRequest,
  idempotencyKey: string | undefined,
  requestHash: string,
  provider: PaymentProvider,
): Promise<Payment> {
  // The lock first: every payment on this invoice waits here until the one before it committed.
  let lock = trx.selectFrom('invoice').select('id').where('id', '=', request.invoiceId);
  if (isPostgres(trx)) lock = lock.forUpdate();
  if (!(await lock.executeTakeFirst())) throw notFound('That invoice');

  // A request with the same key that committed while this one waited for the lock.
  if (idempotencyKey !== undefined) {
    const earlier = await findPaymentByKey(trx, idempotencyKey);
    if (earlier) return repeatOf(earlier, requestHash);
  }

  const invoice = await trx
    .selectFrom('invoice as i')
    .innerJoin('fee_plan as pl', 'pl.id', 'i.plan_id')
    .select(['i.id', 'i.status', 'i.student_id', 'i.student_name', 'pl.currency'])
    .where('i.id', '=', request.invoiceId)
    .executeTakeFirstOrThrow();
  if (invoice.status === 'cancelled')
    throw conflict(FEE_ERROR_CODES.invoiceCancelled, FEE_MESSAGES.invoiceCancelled);

  const outstanding = (await outstandingOnInvoice(trx, invoice.id)) ?? 0;
  if (request.amount > outstanding && !request.asCredit) {
    throw conflict(
      FEE_ERROR_CODES.aboveOutstanding,
      FEE_MESSAGES.aboveOutstanding(formatMoney(outstanding, invoice.currency)),
      {
        outstanding,
      },
    );
  }
  const applied = Math.min(request.amount, outstanding);
  await checkCreditRoom(trx, invoice, request.amount - applied);

  const { providerReference } = await provider.confirm({
    invoiceId: invoice.id,
    amount: request.amount,
    currency: invoice.currency,
    method: request.method,
    reference: request.reference,
    paidOn: request.paidOn,
  });

  // The counter row's lock queues concurrent payments from here to their commit (PostgreSQL).
  const counter = await trx
    .updateTable('receipt_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 1)
    .returning('last_number')
    .executeTakeFirstOrThrow();

  // The pupil's balance with this payment in it; without a pupil (their account was deleted),
  // what the invoice still owes after it.
  const balanceAfter =
    invoice.student_id === null
      ? outstanding - request.amount
      : (await pupilBalance(trx, invoice.student_id)) - request.amount;

  const now = nowIso();
  const { id } = await trx
    .insertInto('payment')
    .values({
      receipt_no: counter.last_number,
      invoice_id: invoice.id,
      student_id: invoice.student_id,
      student_name: invoice.student_name,
      amount: request.amount,
      applied,
      method: request.method,
      reference: request.reference,
      paid_on: request.paidOn,
      provider: provider.name,
      provider_reference: providerReference,
      idempotency_key: idempotencyKey ?? null,
      request_hash: idempotencyKey === undefined ? null : requestHash,
      balance_after: balanceAfter,
      recorded_by: actor.id,
      recorded_by_name: actor.name,
      created_at: now,
      voided_at: null,
      void_reason: null,
      voided_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payment = (await findPayment(trx, id)) as Payment;
  await auditMoney(
    trx,
    actor,
    {
      action: 'payment.record',
      entity: 'payment',
      entityId: id,
      studentId: invoice.student_id,
      after: payment,
    },
    now,
  );
  return payment;
}

/**
 * A payment's credit must leave the pupil's credit within MAX_AMOUNT, like every other amount:
 * repeated credits of the largest amount would otherwise take a balance past it (409). The pupil's
 * row is locked first (PostgreSQL), so that two credits on different invoices of one pupil queue
 * here and the second sees the first.
 */
async function checkCreditRoom(
  trx: Db,
  invoice: { id: number; student_id: number | null; currency: string },
  credit: number,
): Promise<void> {
  if (credit <= 0) return;
  if (invoice.student_id !== null && isPostgres(trx)) {
    await trx.selectFrom('app_user').select('id').where('id', '=', invoice.student_id).forUpdate().execute();
  }
  const held = await heldCredit(trx, { studentId: invoice.student_id, invoiceId: invoice.id });
  if (held + credit <= MAX_AMOUNT) return;
  const room = Math.max(0, MAX_AMOUNT - held);
  throw conflict(
    FEE_ERROR_CODES.creditAboveMaximum,
    FEE_MESSAGES.creditAboveMaximum(
      formatMoney(MAX_AMOUNT, invoice.currency),
      formatMoney(room, invoice.currency),
    ),
    { credit: held, maximum: MAX_AMOUNT },
  );
}

/** Voids a payment (payments are never edited or deleted); the balances follow, being sums. */
export async function voidPayment(
  db: Db,
  actor: SessionUser,
  paymentId: number,
  reason: string,
): Promise<Payment> {
  return db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('payment').select(['id', 'voided_at']).where('id', '=', paymentId);
    if (isPostgres(db)) lock = lock.forUpdate();
    const row = await lock.executeTakeFirst();
    if (!row) throw notFound('That payment');
    if (row.voided_at !== null) throw conflict(FEE_ERROR_CODES.alreadyVoided, FEE_MESSAGES.alreadyVoided);
    const before = (await findPayment(trx, paymentId)) as Payment;
    const now = nowIso();
    await trx
      .updateTable('payment')
      .set({ voided_at: now, void_reason: reason, voided_by: actor.id })
      .where('id', '=', paymentId)
      .execute();
    const after = (await findPayment(trx, paymentId)) as Payment;
    await auditMoney(
      trx,
      actor,
      {
        action: 'payment.void',
        entity: 'payment',
        entityId: paymentId,
        studentId: after.studentId,
        before,
        after,
      },
      now,
    );
    return after;
  });
}

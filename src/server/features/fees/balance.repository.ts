import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * The ledger's two sums, written once (docs/decisions/0026-fees.md), so that every screen, receipt
 * and statement agrees:
 * - what an invoice has been paid: the `applied` part of its payments that are not voided;
 * - a pupil's balance: the totals of their issued (not cancelled) invoices minus every payment
 *   that is not voided, credit included. Above 0 the pupil owes; below 0 it is credit.
 * Both are computed in SQL over integer columns (no floating point).
 */

/** What each invoice has been paid, by invoice id (invoices without payments are absent: 0). */
export async function paidOnInvoices(db: Db, invoiceIds: readonly number[]): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payment')
    .select(['invoice_id', sql<number>`coalesce(sum(applied), 0)`.as('paid')])
    .where('invoice_id', 'in', invoiceIds)
    .where('voided_at', 'is', null)
    .groupBy('invoice_id')
    .execute();
  return new Map(rows.map((row) => [row.invoice_id, Number(row.paid)]));
}

/** What one invoice still owes: its total minus what its standing payments applied (never below 0). */
export async function outstandingOnInvoice(db: Db, invoiceId: number): Promise<number | undefined> {
  const invoice = await db
    .selectFrom('invoice')
    .select(['total', 'status'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) return undefined;
  if (invoice.status === 'cancelled') return 0;
  const paid = (await paidOnInvoices(db, [invoiceId])).get(invoiceId) ?? 0;
  return Math.max(0, Number(invoice.total) - paid);
}

/** A pupil's balance: issued invoices' totals minus standing payments (credit included). */
export async function pupilBalance(db: Db, studentId: number): Promise<number> {
  const billed = await db
    .selectFrom('invoice')
    .select(sql<number>`coalesce(sum(total), 0)`.as('sum'))
    .where('student_id', '=', studentId)
    .where('status', '=', 'issued')
    .executeTakeFirst();
  const paid = await db
    .selectFrom('payment')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('sum'))
    .where('student_id', '=', studentId)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(billed?.sum ?? 0) - Number(paid?.sum ?? 0);
}

/**
 * The credit a pupil holds: what their standing payments paid beyond their invoices (each payment's
 * `amount - applied`). Without a pupil (their account was deleted), the credit of one invoice's
 * payments. Capped at MAX_AMOUNT when a payment is recorded (payments.service.ts).
 */
export async function heldCredit(
  db: Db,
  holder: { studentId: number | null; invoiceId: number },
): Promise<number> {
  let query = db
    .selectFrom('payment')
    .select(sql<number>`coalesce(sum(amount - applied), 0)`.as('sum'))
    .where('voided_at', 'is', null);
  query =
    holder.studentId === null
      ? query.where('invoice_id', '=', holder.invoiceId)
      : query.where('student_id', '=', holder.studentId);
  return Number((await query.executeTakeFirst())?.sum ?? 0);
}

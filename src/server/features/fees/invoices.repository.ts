import type { Invoice, InvoiceStatus } from '../../../shared/api/fees.js';
import type { Db } from '../../db/connect.js';
import { schoolToday } from '../settings/settings.repository.js';
import { paidOnInvoices } from './balance.repository.js';

/**
 * Invoices as the API answers them (shared/api/fees.ts InvoiceSchema): the invoice's own copies
 * (pupil's and class's names, lines, subtotal, discount, total), its plan's name, term, due date and
 * currency, what its standing payments paid (balance.repository.ts) and its status on the school's
 * today. Every read of invoices goes through `invoicesOf`, so a plan's list, a pupil's fees and a
 * cancellation's answer agree.
 */

export interface InvoiceFilter {
  planId?: number;
  studentId?: number;
  invoiceIds?: readonly number[];
}

/**
 * An invoice's status: cancelled; paid when nothing is owed; overdue when past its due date (the
 * school's today) with something owed; partial when something is paid; else open.
 */
export function invoiceStatus(
  invoice: { status: 'issued' | 'cancelled'; total: number; dueDate: string },
  paid: number,
  today: string,
): InvoiceStatus {
  if (invoice.status === 'cancelled') return 'cancelled';
  const balance = Math.max(0, invoice.total - paid);
  if (balance === 0) return 'paid';
  if (invoice.dueDate < today) return 'overdue';
  if (paid > 0) return 'partial';
  return 'open';
}

/**
 * The invoices matching `filter`, in the order: a plan's by invoice number (the caller puts them in
 * its reader's order of names: planInvoices), a pupil's newest due date first. `today` is the
 * school's today (schoolToday) when not given.
 */
export async function invoicesOf(db: Db, filter: InvoiceFilter, today?: string): Promise<Invoice[]> {
  if (filter.invoiceIds?.length === 0) return [];
  let query = db
    .selectFrom('invoice as i')
    .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
    .select([
      'i.id',
      'i.plan_id',
      'p.name as plan_name',
      'p.term',
      'p.due_date',
      'p.currency',
      'i.student_id',
      'i.student_name',
      'i.class_name',
      'i.subtotal',
      'i.discount',
      'i.discount_reason',
      'i.total',
      'i.status',
      'i.cancel_reason',
      'i.issued_at',
    ]);
  if (filter.planId !== undefined) query = query.where('i.plan_id', '=', filter.planId);
  if (filter.studentId !== undefined) query = query.where('i.student_id', '=', filter.studentId);
  if (filter.invoiceIds !== undefined) query = query.where('i.id', 'in', filter.invoiceIds);
  query =
    filter.studentId !== undefined
      ? query.orderBy('p.due_date', 'desc').orderBy('i.id', 'desc')
      : query.orderBy('i.id');
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db
    .selectFrom('invoice_line')
    .select(['invoice_id', 'name', 'amount'])
    .where('invoice_id', 'in', ids)
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
  const linesOf = new Map<number, { name: string; amount: number }[]>();
  for (const line of lines) {
    const list = linesOf.get(line.invoice_id) ?? [];
    list.push({ name: line.name, amount: Number(line.amount) });
    linesOf.set(line.invoice_id, list);
  }
  const paid = await paidOnInvoices(db, ids);
  const day = today ?? (await schoolToday(db));
  return rows.map((row) => {
    const total = Number(row.total);
    const paidOn = paid.get(row.id) ?? 0;
    const cancelled = row.status === 'cancelled';
    return {
      id: row.id,
      planId: row.plan_id,
      planName: row.plan_name,
      term: row.term,
      studentId: row.student_id,
      studentName: row.student_name,
      className: row.class_name,
      currency: row.currency,
      lines: linesOf.get(row.id) ?? [],
      subtotal: Number(row.subtotal),
      discount: Number(row.discount),
      discountReason: row.discount_reason,
      total,
      paid: paidOn,
      // A cancelled invoice owes nothing (balance.repository.ts outstandingOnInvoice).
      balance: cancelled ? 0 : Math.max(0, total - paidOn),
      dueDate: row.due_date,
      status: invoiceStatus({ status: row.status, total, dueDate: row.due_date }, paidOn, day),
      cancelReason: row.cancel_reason,
      issuedAt: row.issued_at,
    };
  });
}

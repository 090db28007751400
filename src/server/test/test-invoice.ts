import type { Db } from '../db/connect.js';
import { nowIso } from '../lib/time.js';

/**
 * For tests of payments and receipts: a plan with one invoice for one pupil, written straight into
 * the ledger's tables (as issuing would leave them), so these tests do not depend on the routes that
 * make plans and invoices. Each call makes a plan of its own (one invoice per pupil and plan).
 */
export interface TestInvoice {
  planId: number;
  invoiceId: number;
  total: number;
}

export async function insertTestInvoice(
  db: Db,
  options: {
    studentId: number;
    items: { name: string; amount: number }[];
    discount?: number;
    dueDate?: string;
    currency?: string;
    term?: string;
  },
): Promise<TestInvoice> {
  const now = nowIso();
  const pupil = await db
    .selectFrom('app_user as u')
    .innerJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .innerJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.name', 'c.id as classId', 'c.name as className'])
    .where('u.id', '=', options.studentId)
    .executeTakeFirstOrThrow();
  const plan = await db
    .insertInto('fee_plan')
    .values({
      name: `Fees ${Math.random().toString(36).slice(2, 8)}`,
      class_id: pupil.classId,
      term: options.term ?? 'Autumn 2026',
      due_date: options.dueDate ?? '2026-12-01',
      currency: options.currency ?? 'USD',
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('fee_plan_item')
    .values(options.items.map((item, position) => ({ plan_id: plan.id, position, ...item })))
    .execute();
  const subtotal = options.items.reduce((sum, item) => sum + item.amount, 0);
  const discount = options.discount ?? 0;
  const invoice = await db
    .insertInto('invoice')
    .values({
      plan_id: plan.id,
      student_id: options.studentId,
      student_name: pupil.name,
      class_name: pupil.className,
      subtotal,
      discount,
      discount_reason: discount > 0 ? 'Sibling' : '',
      total: subtotal - discount,
      status: 'issued',
      cancel_reason: null,
      cancelled_at: null,
      cancelled_by: null,
      issued_at: now,
      issued_by: null,
      last_reminder_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('invoice_line')
    .values(options.items.map((item, position) => ({ invoice_id: invoice.id, position, ...item })))
    .execute();
  return { planId: plan.id, invoiceId: invoice.id, total: subtotal - discount };
}

/** Cancels an invoice directly (as the cancel route would leave it). */
export async function cancelTestInvoice(db: Db, invoiceId: number): Promise<void> {
  await db
    .updateTable('invoice')
    .set({ status: 'cancelled', cancel_reason: 'Left the school', cancelled_at: nowIso() })
    .where('id', '=', invoiceId)
    .execute();
}

import { USER_TYPE } from '../../shared/constants.js';
import type { Db } from '../db/connect.js';
import { nameKeyOf } from '../features/catalog/name-key.js';

/**
 * Rows of the fee ledger written straight into the database, for the tests of the reports: the
 * routes that write them live elsewhere, and these tests need exact, known ledgers (plans,
 * invoices, payments with their receipt numbers from receipt_counter, cancellations and voids).
 */

export async function insertClass(db: Db, name: string): Promise<number> {
  const row = await db
    .insertInto('school_class')
    .values({ name, name_key: nameKeyOf(name) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPerson(
  db: Db,
  type: string,
  name: string,
  email: string,
  status: 'active' | 'pending' = 'active',
): Promise<number> {
  const at = '2026-01-01T00:00:00.000Z';
  const row = await db
    .insertInto('app_user')
    .values({
      name,
      designation: '',
      description: '',
      type,
      gender: 'Other',
      dob: type === USER_TYPE.student ? '2019-01-01' : '1985-01-01',
      address: '',
      contact: '',
      email,
      email_key: email.toLowerCase(),
      password_hash: 'not-a-hash',
      social_link: '',
      status,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function linkGuardian(db: Db, parentId: number, studentId: number): Promise<void> {
  await db
    .insertInto('guardian')
    .values({ parent_id: parentId, student_id: studentId, relationship: 'Mother', created_at: '2026-01-01' })
    .execute();
}

export async function insertPlan(
  db: Db,
  plan: { classId: number; name: string; term: string; dueDate: string; currency?: string },
): Promise<number> {
  const row = await db
    .insertInto('fee_plan')
    .values({
      name: plan.name,
      class_id: plan.classId,
      term: plan.term,
      due_date: plan.dueDate,
      currency: plan.currency ?? 'USD',
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertInvoice(
  db: Db,
  invoice: {
    planId: number;
    studentId: number;
    studentName: string;
    className: string;
    total: number;
    issuedAt: string;
    cancelledAt?: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('invoice')
    .values({
      plan_id: invoice.planId,
      student_id: invoice.studentId,
      student_name: invoice.studentName,
      class_name: invoice.className,
      subtotal: invoice.total,
      discount: 0,
      discount_reason: '',
      total: invoice.total,
      status: invoice.cancelledAt ? 'cancelled' : 'issued',
      cancel_reason: invoice.cancelledAt ? 'Left the school' : null,
      cancelled_at: invoice.cancelledAt ?? null,
      cancelled_by: null,
      issued_at: invoice.issuedAt,
      issued_by: null,
      last_reminder_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('invoice_line')
    .values({ invoice_id: row.id, position: 0, name: 'Tuition', amount: invoice.total })
    .execute();
  return row.id;
}

/** A payment with the school's next receipt number. */
export async function insertPayment(
  db: Db,
  payment: {
    invoiceId: number;
    studentId: number;
    studentName: string;
    amount: number;
    applied?: number;
    createdAt: string;
    voidedAt?: string;
    reference?: string;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const counter = await trx
      .updateTable('receipt_counter')
      .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
      .where('id', '=', 1)
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('payment')
      .values({
        receipt_no: counter.last_number,
        invoice_id: payment.invoiceId,
        student_id: payment.studentId,
        student_name: payment.studentName,
        amount: payment.amount,
        applied: payment.applied ?? payment.amount,
        method: 'cash',
        reference: payment.reference ?? '',
        paid_on: payment.createdAt.slice(0, 10),
        provider: 'office',
        provider_reference: null,
        idempotency_key: null,
        request_hash: null,
        balance_after: 0,
        recorded_by: null,
        recorded_by_name: 'Test',
        created_at: payment.createdAt,
        voided_at: payment.voidedAt ?? null,
        void_reason: payment.voidedAt ? 'Cheque bounced' : null,
        voided_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

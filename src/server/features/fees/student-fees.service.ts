import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  PAYMENT_METHODS,
  type Payment,
  type PaymentMethod,
  type StudentFees,
} from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import { moneyVisible } from '../school/school.policy.js';
import { readSettings } from '../settings/settings.repository.js';
import { pupilBalance } from './balance.repository.js';
import { invoicesOf } from './invoices.repository.js';

/**
 * What is read of a pupil's fees (`GET fees/student/{id}`) and of the money audit
 * (`GET admin/fees/audit`).
 */

const asMethod = (method: string): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as PaymentMethod) : 'other';

/** A pupil's payments, newest first, as PaymentSchema answers them (voided ones included). */
export async function paymentsOfPupil(db: Db, studentId: number): Promise<Payment[]> {
  const rows = await db
    .selectFrom('payment as pm')
    .innerJoin('invoice as i', 'i.id', 'pm.invoice_id')
    .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
    .select([
      'pm.id',
      'pm.receipt_no',
      'pm.invoice_id',
      'pm.student_id',
      'pm.student_name',
      'pm.amount',
      'pm.applied',
      'pm.method',
      'pm.reference',
      'pm.paid_on',
      'p.currency',
      'pm.recorded_by_name',
      'pm.created_at',
      'pm.voided_at',
      'pm.void_reason',
      'pm.balance_after',
    ])
    .where('pm.student_id', '=', studentId)
    .orderBy('pm.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    receiptNo: row.receipt_no,
    invoiceId: row.invoice_id,
    studentId: row.student_id,
    studentName: row.student_name,
    amount: Number(row.amount),
    applied: Number(row.applied),
    credit: Number(row.amount) - Number(row.applied),
    method: asMethod(row.method),
    reference: row.reference,
    paidOn: row.paid_on,
    currency: row.currency,
    recordedBy: row.recorded_by_name,
    createdAt: row.created_at,
    voidedAt: row.voided_at,
    voidReason: row.void_reason,
    balanceAfter: Number(row.balance_after),
  }));
}

/**
 * `GET fees/student/{id}`: the principal for any pupil; a Parent for their own children only; any
 * other id is the same 404 as an unknown one (features/school/school.policy.ts).
 */
export async function studentFees(db: Db, viewer: SessionUser, studentId: number): Promise<StudentFees> {
  const pupil = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', '=', studentId)
    .where('type', '=', USER_TYPE.student)
    .where(moneyVisible(db, viewer, 'app_user.id'))
    .executeTakeFirst();
  if (!pupil) throw notFound('That pupil');
  const { currency } = await readSettings(db);
  return {
    studentId: pupil.id,
    studentName: pupil.name,
    currency,
    balance: await pupilBalance(db, pupil.id),
    invoices: await invoicesOf(db, { studentId: pupil.id }),
    payments: await paymentsOfPupil(db, pupil.id),
  };
}

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
};

/** `GET admin/fees/audit?page=`: newest first, AUDIT_PAGE_SIZE a page. */
export async function auditPage(
  db: Db,
  page: number,
): Promise<{ data: AuditEntry[]; page: number; pageSize: number; total: number }> {
  const count = await db
    .selectFrom('money_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await db
    .selectFrom('money_audit')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor_name,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: parsed(row.before),
      after: parsed(row.after),
    })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total: Number(count?.n ?? 0),
  };
}

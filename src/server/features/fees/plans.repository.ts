import type { Discount, FeePlan } from '../../../shared/api/fees.js';
import { sumAmounts } from '../../../shared/rules/money.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';

/** Fee plans and the pupils' discounts on them, as the API answers them (shared/api/fees.ts). */

/** The plans (all, or the one of `planId`), newest first, with their items, total and invoice count. */
export async function plansOf(db: Db, planId?: number): Promise<FeePlan[]> {
  let query = db
    .selectFrom('fee_plan as p')
    .innerJoin('school_class as c', 'c.id', 'p.class_id')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.class_id',
      'c.name as class_name',
      'p.term',
      'p.term_id',
      'p.due_date',
      'p.currency',
      'p.created_at',
      eb
        .selectFrom('invoice')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('invoice.plan_id', '=', 'p.id')
        .as('invoices'),
    ])
    .orderBy('p.id', 'desc');
  if (planId !== undefined) query = query.where('p.id', '=', planId);
  const plans = await query.execute();
  if (plans.length === 0) return [];
  const items = await db
    .selectFrom('fee_plan_item')
    .select(['id', 'plan_id', 'name', 'amount'])
    .where(
      'plan_id',
      'in',
      plans.map((plan) => plan.id),
    )
    .orderBy('plan_id')
    .orderBy('position')
    .execute();
  return plans.map((plan) => {
    const own = items
      .filter((item) => item.plan_id === plan.id)
      .map((item) => ({ id: item.id, name: item.name, amount: Number(item.amount) }));
    return {
      id: plan.id,
      name: plan.name,
      classId: plan.class_id,
      className: plan.class_name,
      term: plan.term,
      termId: plan.term_id,
      dueDate: plan.due_date,
      currency: plan.currency,
      items: own,
      total: sumAmounts(own.map((item) => item.amount)),
      invoices: Number(plan.invoices ?? 0),
      createdAt: plan.created_at,
    };
  });
}

/**
 * The plan's row, locked on PostgreSQL until the transaction ends (SQLite has one writer): an edit
 * of the plan and an issue of its invoices wait for each other, so no invoice copies items that an
 * edit is replacing.
 */
export async function lockPlan(trx: Db, planId: number) {
  let query = trx
    .selectFrom('fee_plan')
    .select(['id', 'name', 'class_id', 'term', 'term_id', 'due_date', 'currency'])
    .where('id', '=', planId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The invoice's row, locked on PostgreSQL until the transaction ends (a payment waits for a change of its total). */
export async function lockInvoice(trx: Db, invoiceId: number) {
  let query = trx
    .selectFrom('invoice')
    .select(['id', 'plan_id', 'student_id', 'subtotal', 'discount', 'discount_reason', 'total', 'status'])
    .where('id', '=', invoiceId);
  if (isPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && {
      ...row,
      subtotal: Number(row.subtotal),
      discount: Number(row.discount),
      total: Number(row.total),
    }
  );
}

export async function planItems(db: Db, planId: number) {
  const rows = await db
    .selectFrom('fee_plan_item')
    .select(['name', 'amount'])
    .where('plan_id', '=', planId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ name: row.name, amount: Number(row.amount) }));
}

export async function countInvoices(db: Db, planId: number): Promise<number> {
  const row = await db
    .selectFrom('invoice')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plan_id', '=', planId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The discounts on a plan (one pupil's when `studentId` is given), by pupil id. */
export async function discountsOf(db: Db, planId: number, studentId?: number): Promise<Discount[]> {
  let query = db
    .selectFrom('fee_discount as d')
    .innerJoin('app_user as u', 'u.id', 'd.student_id')
    .select(['d.plan_id', 'd.student_id', 'u.name', 'd.kind', 'd.value', 'd.reason'])
    .where('d.plan_id', '=', planId)
    .orderBy('d.student_id');
  if (studentId !== undefined) query = query.where('d.student_id', '=', studentId);
  const rows = await query.execute();
  return rows.map((row) => ({
    planId: row.plan_id,
    studentId: row.student_id,
    studentName: row.name,
    kind: row.kind,
    value: Number(row.value),
    reason: row.reason,
  }));
}

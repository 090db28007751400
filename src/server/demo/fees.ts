import { USER_TYPE } from '../../shared/constants.js';
import type { Db } from '../db/connect.js';
import { auditMoney } from '../features/fees/money-audit.repository.js';
import { issueInvoicesIn } from '../features/fees/plans.service.js';
import type { SessionUser } from '../plugins/auth.js';
import { GUARDIAN, PRINCIPAL } from './people.js';
import { createRandom } from './random.js';
import { addDays, isoDay } from './school.js';
import type { DemoTerm } from './school-years.js';

/**
 * The demo's fee ledger (docs/decisions/0026-fees.md): one term plan per class (tuition, meals and
 * trips), an invoice for every pupil, and the office's payments. The fees were due DEMO_FEES_DUE_DAYS
 * before today, so the families who have not paid everything are overdue: most paid in full, some
 * in part, a few nothing yet. The demo parent's two children have each paid part, and the younger
 * has a sibling discount, so the parent's fees screen and the principal's reminders have something
 * to show. The plans belong to the first term of the demo's school year (demo/school-years.ts). Receipt numbers run from 1 without gaps and every change is in money_audit, as the routes
 * would have left them.
 */

export const DEMO_FEES_DUE_DAYS = 21;

const SEED = 20_261_127;
const ISSUED_DAYS_AGO = 60;
const SIBLING_DISCOUNT_BASIS_POINTS = 1_000;
const METHODS = ['cash', 'bank_transfer', 'bank_transfer', 'card'] as const;

/** Whole dollars of each class's fees (USD cents below), by item. */
const FEES: Readonly<Record<string, readonly [number, number, number]>> = {
  Nursery: [850, 180, 30],
  KG: [950, 180, 45],
  'Class 1': [1_150, 200, 60],
  'Class 2': [1_150, 200, 75],
};
const ITEM_NAMES = ['Tuition', 'Meals', 'Trips'] as const;

type Outcome = 'paid' | 'partial' | 'unpaid';

/**
 * Writes the ledger; `today` is the demo's day (epoch milliseconds of its UTC midnight). Needs the
 * school's classes, open enrolments, the principal and the demo parent's guardian links.
 */
export async function writeDemoFees(trx: Db, today: number, currency: string, term: DemoTerm): Promise<void> {
  const rng = createRandom(SEED);
  const at = (days: number, hour: number, minute = 0) =>
    new Date(addDays(today, -days) + hour * 3_600_000 + minute * 60_000).toISOString();
  const principal = await trx
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('email_key', '=', PRINCIPAL.email.toLowerCase())
    .executeTakeFirstOrThrow();
  const actor: SessionUser = {
    id: principal.id,
    name: principal.name,
    type: USER_TYPE.principal,
    status: 'active',
    sessionId: 0,
  };
  const parent = await trx
    .selectFrom('app_user')
    .select('id')
    .where('email_key', '=', GUARDIAN.email.toLowerCase())
    .executeTakeFirstOrThrow();
  const familyOf = new Set(
    (await trx.selectFrom('guardian').select('student_id').where('parent_id', '=', parent.id).execute()).map(
      (row) => row.student_id,
    ),
  );
  const classes = await trx.selectFrom('school_class').select(['id', 'name']).orderBy('id').execute();
  const dueDate = isoDay(addDays(today, -DEMO_FEES_DUE_DAYS));
  const planned = at(ISSUED_DAYS_AGO + 2, 14);
  const issuedAt = at(ISSUED_DAYS_AGO, 9);
  let receiptNo = 0;
  // The younger of the demo parent's children (the later pupil id) has the sibling discount.
  const discounted = Math.max(...familyOf);

  for (const schoolClass of classes) {
    const fees = FEES[schoolClass.name];
    if (!fees) continue;
    const plan = await trx
      .insertInto('fee_plan')
      .values({
        name: `Autumn term ${dueDate.slice(0, 4)}`,
        class_id: schoolClass.id,
        term: term.name,
        term_id: term.id,
        due_date: dueDate,
        currency,
        created_by: principal.id,
        created_at: planned,
        updated_at: planned,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = ITEM_NAMES.map((name, position) => ({
      name,
      position,
      amount: (fees[position] ?? 0) * 100,
    }));
    await trx
      .insertInto('fee_plan_item')
      .values(items.map((item) => ({ plan_id: plan.id, ...item })))
      .execute();
    await auditMoney(
      trx,
      actor,
      {
        action: 'plan.create',
        entity: 'plan',
        entityId: plan.id,
        after: {
          name: `Autumn term ${dueDate.slice(0, 4)}`,
          classId: schoolClass.id,
          term: term.name,
          termId: term.id,
          dueDate,
          items,
        },
      },
      planned,
    );

    const pupils = await trx
      .selectFrom('enrolment as e')
      .innerJoin('app_user as u', 'u.id', 'e.student_id')
      .select('u.id')
      .where('e.class_id', '=', schoolClass.id)
      .where('e.ended_on', 'is', null)
      .orderBy('u.id')
      .execute();
    for (const pupil of pupils) {
      if (pupil.id === discounted && familyOf.size > 1) {
        const discountReason = 'Sibling discount';
        await trx
          .insertInto('fee_discount')
          .values({
            plan_id: plan.id,
            student_id: pupil.id,
            kind: 'percent',
            value: SIBLING_DISCOUNT_BASIS_POINTS,
            reason: discountReason,
            updated_by: principal.id,
            updated_at: planned,
          })
          .execute();
        await auditMoney(
          trx,
          actor,
          {
            action: 'discount.set',
            entity: 'discount',
            entityId: plan.id,
            studentId: pupil.id,
            after: { kind: 'percent', value: SIBLING_DISCOUNT_BASIS_POINTS, reason: discountReason },
          },
          planned,
        );
      }
    }

    // The invoices as the principal's issue makes them (plans.service.ts), then the office's payments.
    await issueInvoicesIn(trx, actor, plan.id, issuedAt);
    const invoices = await trx
      .selectFrom('invoice')
      .select(['id', 'student_id', 'student_name', 'total'])
      .where('plan_id', '=', plan.id)
      .where('student_id', 'is not', null)
      .$narrowType<{ student_id: number }>()
      .orderBy('student_id')
      .execute();
    for (const invoice of invoices) {
      const pupil = { id: invoice.student_id, name: invoice.student_name };
      const total = Number(invoice.total);
      const draw = rng.next();
      const outcome: Outcome = familyOf.has(pupil.id)
        ? 'partial'
        : draw < 0.72
          ? 'paid'
          : draw < 0.9
            ? 'partial'
            : 'unpaid';
      // A partial payment: a whole number of dollars, 30 to 70 % of the total.
      const parts =
        outcome === 'paid'
          ? [total]
          : outcome === 'partial'
            ? [Math.round((total * rng.range(0.3, 0.7)) / 100) * 100]
            : [];
      let paid = 0;
      for (const amount of parts) {
        receiptNo += 1;
        paid += amount;
        const daysAgo = rng.int(DEMO_FEES_DUE_DAYS + 2, ISSUED_DAYS_AGO - 2);
        const createdAt = at(daysAgo, rng.int(8, 15), rng.int(0, 59));
        const method = rng.pick(METHODS);
        const payment = await trx
          .insertInto('payment')
          .values({
            receipt_no: receiptNo,
            invoice_id: invoice.id,
            student_id: pupil.id,
            student_name: pupil.name,
            amount,
            applied: amount,
            method,
            reference: method === 'bank_transfer' ? `TRF-${String(invoice.id).padStart(5, '0')}` : '',
            paid_on: createdAt.slice(0, 10),
            provider: 'office',
            provider_reference: null,
            idempotency_key: null,
            request_hash: null,
            balance_after: total - paid,
            recorded_by: principal.id,
            recorded_by_name: principal.name,
            created_at: createdAt,
            voided_at: null,
            void_reason: null,
            voided_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await auditMoney(
          trx,
          actor,
          {
            action: 'payment.record',
            entity: 'payment',
            entityId: payment.id,
            studentId: pupil.id,
            after: { receiptNo, invoiceId: invoice.id, amount, applied: amount, method },
          },
          createdAt,
        );
      }
    }
  }
  await trx.updateTable('receipt_counter').set({ last_number: receiptNo }).where('id', '=', 1).execute();
}

import type { Db } from '../src/server/db/connect.js';
import { nowIso } from '../src/server/lib/time.js';

/**
 * The fee ledger of the large school (docs/decisions/0026-fees.md): two terms of plans per class
 * (tuition, meals, trips), an invoice for every pupil in each, and payments: most invoices paid in
 * full (the earlier term's in two instalments), some in part, some not at all, with the receipt
 * numbers of receipt_counter. What the principal's overview and a pupil's statement read.
 */
export const BENCH_FEE_TERMS = [
  { term: 'Spring 2026', dueDate: '2026-02-15' },
  { term: 'Autumn 2026', dueDate: '2026-10-15' },
] as const;

const BATCH = 500;
const ITEMS = [
  { name: 'Tuition', amount: 120_000 },
  { name: 'Meals', amount: 18_000 },
  { name: 'Trips', amount: 6_500 },
];
const TOTAL = ITEMS.reduce((sum, item) => sum + item.amount, 0);

/** Seeds the ledger; answers how many invoices and payments. */
export async function seedLargeFees(db: Db): Promise<{ invoices: number; payments: number }> {
  const now = nowIso();
  const classes = await db.selectFrom('school_class').select(['id', 'name']).orderBy('id').execute();
  const pupils = await db
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .innerJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'e.class_id', 'c.name as className'])
    .where('e.ended_on', 'is', null)
    .orderBy('u.id')
    .execute();
  let invoices = 0;
  let payments = 0;
  await db.transaction().execute(async (trx) => {
    // The large school starts from the demo school, whose ledger has taken receipts already.
    let receipt = (
      await trx
        .selectFrom('receipt_counter')
        .select('last_number')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    ).last_number;
    for (const [t, { term, dueDate }] of BENCH_FEE_TERMS.entries()) {
      const planOf = new Map<number, number>();
      for (const schoolClass of classes) {
        const plan = await trx
          .insertInto('fee_plan')
          .values({
            name: `${term} fees`,
            class_id: schoolClass.id,
            term,
            due_date: dueDate,
            currency: 'USD',
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        planOf.set(schoolClass.id, plan.id);
        await trx
          .insertInto('fee_plan_item')
          .values(ITEMS.map((item, position) => ({ plan_id: plan.id, position, ...item })))
          .execute();
      }
      for (let start = 0; start < pupils.length; start += BATCH) {
        const batch = pupils.slice(start, start + BATCH);
        const rows = await trx
          .insertInto('invoice')
          .values(
            batch.map((pupil) => ({
              plan_id: planOf.get(pupil.class_id) ?? 0,
              student_id: pupil.id,
              student_name: pupil.name,
              class_name: pupil.className,
              subtotal: TOTAL,
              discount: 0,
              discount_reason: '',
              total: TOTAL,
              status: 'issued' as const,
              cancel_reason: null,
              cancelled_at: null,
              cancelled_by: null,
              issued_at: `${dueDate.slice(0, 8)}01T09:00:00.000Z`,
              issued_by: null,
              last_reminder_at: null,
            })),
          )
          .returning(['id', 'student_id', 'student_name'])
          .execute();
        invoices += rows.length;
        await trx
          .insertInto('invoice_line')
          .values(
            rows.flatMap((row) => ITEMS.map((item, position) => ({ invoice_id: row.id, position, ...item }))),
          )
          .execute();
        const paymentRows = rows.flatMap((row, i) => {
          const kind = (start + i) % 10;
          // 0-6 paid in full (the first term in two instalments), 7-8 in part, 9 nothing.
          const amounts =
            kind <= 6 ? (t === 0 ? [TOTAL / 2, TOTAL / 2] : [TOTAL]) : kind <= 8 ? [TOTAL / 4] : [];
          return amounts.map((amount, n) => {
            receipt += 1;
            return {
              receipt_no: receipt,
              invoice_id: row.id,
              student_id: row.student_id,
              student_name: row.student_name,
              amount,
              applied: amount,
              method: 'cash',
              reference: '',
              paid_on: dueDate,
              provider: 'office',
              provider_reference: null,
              idempotency_key: null,
              request_hash: null,
              balance_after: 0,
              recorded_by: null,
              recorded_by_name: 'Bench',
              created_at: `${dueDate}T1${n}:00:00.000Z`,
              voided_at: null,
              void_reason: null,
              voided_by: null,
            };
          });
        });
        payments += paymentRows.length;
        if (paymentRows.length > 0) await trx.insertInto('payment').values(paymentRows).execute();
      }
    }
    await trx.updateTable('receipt_counter').set({ last_number: receipt }).where('id', '=', 1).execute();
  });
  return { invoices, payments };
}

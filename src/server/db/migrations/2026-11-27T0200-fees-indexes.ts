import type { Kysely } from 'kysely';

/**
 * Covering indexes for the principal's fee reports (features/fees/reports.repository.ts; measured
 * by bench/fees.ts): the term overview sums every issued invoice's total per plan and every
 * standing payment's applied part per invoice. With these it reads the two indexes in plan order
 * and never the tables' rows.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('invoice_plan_status_total')
    .on('invoice')
    .columns(['plan_id', 'status', 'total'])
    .execute();
  await db.schema
    .createIndex('payment_invoice_standing')
    .on('payment')
    .columns(['invoice_id', 'voided_at', 'applied'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_invoice_standing').execute();
  await db.schema.dropIndex('invoice_plan_status_total').execute();
}

import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0026-fees.md: the school's fee ledger. Amounts are whole minor units in bigint
 * columns (shared/rules/money.ts). Nothing about money is ever deleted: an invoice is cancelled and
 * a payment voided, each with a reason, and every change is written to money_audit. Invoices copy
 * their plan's items and the pupil's and class's names when issued, so that they read the same
 * after the plan, the pupil or the class changes or goes. Receipt numbers come from one counter
 * row, taken in the payment's transaction: sequential and without gaps, also under concurrent
 * payments (the row's lock queues them on PostgreSQL; SQLite has one writer).
 */

/** An auto-incrementing integer key on either engine (written here: a migration keeps its day's code). */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fee_plan'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id').onDelete('restrict'))
    .addColumn('term', 'varchar(50)', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_plan_class_term').on('fee_plan').columns(['class_id', 'term']).execute();

  await withId(db, db.schema.createTable('fee_plan_item'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('fee_plan.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .execute();
  await db.schema
    .createIndex('fee_plan_item_plan')
    .on('fee_plan_item')
    .columns(['plan_id', 'position'])
    .execute();

  await db.schema
    .createTable('fee_discount')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('fee_plan.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    // Basis points for 'percent', minor units for 'fixed'.
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_discount_pk', ['plan_id', 'student_id'])
    .execute();

  await withId(db, db.schema.createTable('invoice'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('fee_plan.id').onDelete('restrict'))
    // Set null when the pupil's account is deleted; the name stays.
    .addColumn('student_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('student_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('class_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('discount', 'bigint', (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn('discount_reason', 'varchar(300)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('issued', 'cancelled')`))
    .addColumn('cancel_reason', 'varchar(300)')
    .addColumn('cancelled_at', 'varchar(40)')
    .addColumn('cancelled_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('issued_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('issued_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('last_reminder_at', 'varchar(40)')
    .execute();
  // One invoice per pupil and plan: issuing again creates only the missing ones.
  await db.schema
    .createIndex('invoice_plan_student')
    .on('invoice')
    .columns(['plan_id', 'student_id'])
    .unique()
    .execute();
  await db.schema.createIndex('invoice_student').on('invoice').columns(['student_id', 'id']).execute();

  await withId(db, db.schema.createTable('invoice_line'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .execute();
  await db.schema
    .createIndex('invoice_line_invoice')
    .on('invoice_line')
    .columns(['invoice_id', 'position'])
    .execute();

  await db.schema
    .createTable('receipt_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('receipt_counter').values({ id: 1, last_number: 0 }).execute();

  await withId(db, db.schema.createTable('payment'))
    .addColumn('receipt_no', 'integer', (c) => c.notNull().unique())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id').onDelete('restrict'))
    .addColumn('student_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('student_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    // What paid the invoice; amount - applied went to the pupil's account as credit.
    .addColumn('applied', 'bigint', (c) => c.notNull().check(sql`applied >= 0 and applied <= amount`))
    .addColumn('method', 'varchar(20)', (c) =>
      c.notNull().check(sql`method in ('cash', 'bank_transfer', 'card', 'other')`),
    )
    .addColumn('reference', 'varchar(100)', (c) => c.notNull())
    .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
    // The payment provider that took it (docs/decisions/0026-fees.md): 'office' for now.
    .addColumn('provider', 'varchar(30)', (c) => c.notNull())
    .addColumn('provider_reference', 'varchar(200)')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.unique())
    // SHA-256 of the request the key came with: the same key with another request is refused.
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('recorded_by_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('voided_at', 'varchar(40)')
    .addColumn('void_reason', 'varchar(300)')
    .addColumn('voided_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('payment_invoice').on('payment').columns(['invoice_id']).execute();
  await db.schema.createIndex('payment_student').on('payment').columns(['student_id', 'id']).execute();

  await withId(db, db.schema.createTable('money_audit'))
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
    // e.g. plan.create, invoice.issue, invoice.cancel, discount.set, payment.record, payment.void.
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity', 'varchar(20)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer')
    // JSON of the record before and after (null for a creation / nothing after).
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('money_audit_at').on('money_audit').columns(['id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'money_audit',
    'payment',
    'receipt_counter',
    'invoice_line',
    'invoice',
    'fee_discount',
    'fee_plan_item',
    'fee_plan',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

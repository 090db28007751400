import { sql } from 'kysely';
import type { OverdueRow, Statement, TermOverviewRow } from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByNameWithin } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import { paidOnInvoices } from './balance.repository.js';

/**
 * The principal's reports of the fee ledger (docs/decisions/0026-fees.md): the term overview, the
 * overdue list, a pupil's statement and the ledger's export. They only read. What an invoice has
 * been paid is balance.repository.ts's sum (the applied part of its standing payments); the
 * whole-school reports write it in their own SQL, summed per plan or per invoice in one query, and
 * their tests check exact figures, and a statement's final balance against pupilBalance.
 */

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * What the standing payments of the invoice `i` applied, as a correlated sum (payment_invoice
 * answers it per invoice; a join to a grouped table of every payment made SQLite scan that table
 * once per invoice).
 */
const paidOn = sql<number>`(select coalesce(sum(pay.applied), 0) from payment as pay where pay.invoice_id = i.id and pay.voided_at is null)`;

/** Per plan: its issued invoices, what they bill and what standing payments collected on them. */
export interface PlanSums {
  billedRows: { planId: number; invoices: number; billed: number }[];
  collectedOf: Map<number, number>;
}

/**
 * The ledger's sums per plan, the costly part of the overview (it reads every invoice and payment):
 * the routes keep it in a VersionedCache on the ledger's data version, which every audited money
 * change raises.
 */
export async function planSums(db: Db): Promise<PlanSums> {
  const billedRows = await db
    .selectFrom('invoice as i')
    .select([
      'i.plan_id as planId',
      sql<number>`count(*)`.as('invoices'),
      sql<number>`sum(i.total)`.as('billed'),
    ])
    .where('i.status', '=', 'issued')
    .groupBy('i.plan_id')
    .execute();
  const collectedRows = await db
    .selectFrom('invoice as i')
    .innerJoin('payment as pay', 'pay.invoice_id', 'i.id')
    .select(['i.plan_id as planId', sql<number>`sum(pay.applied)`.as('collected')])
    .where('i.status', '=', 'issued')
    .where('pay.voided_at', 'is', null)
    .groupBy('i.plan_id')
    .execute();
  return {
    billedRows: billedRows.map((row) => ({
      planId: row.planId,
      invoices: Number(row.invoices),
      billed: Number(row.billed),
    })),
    collectedOf: new Map(collectedRows.map((row) => [row.planId, Number(row.collected)])),
  };
}

/**
 * Per class and term (and currency, should the school's have changed between plans): how many
 * invoices are issued, what they bill, what standing payments collected on them and what is still
 * outstanding. Cancelled invoices count nowhere; a class and term without issued invoices has no
 * row. Newest term first (by its plans' latest due date). The sums are per plan, over the covering
 * indexes of migration 2026-11-27T0200-fees-indexes (bench/fees.ts measures them); the plans'
 * sums are then added up per class and term here.
 */
export async function termOverview(
  db: Db,
  sums: () => Promise<PlanSums> = () => planSums(db),
): Promise<TermOverviewRow[]> {
  const { billedRows, collectedOf } = await sums();
  const plans = await db
    .selectFrom('fee_plan as p')
    .innerJoin('school_class as c', 'c.id', 'p.class_id')
    .select([
      'p.id',
      'p.class_id as classId',
      'c.name as className',
      'p.term',
      'p.currency',
      'p.due_date as due',
    ])
    .execute();
  const planOf = new Map(plans.map((plan) => [plan.id, plan]));
  const groups = new Map<string, TermOverviewRow & { due: string }>();
  for (const row of billedRows) {
    const plan = planOf.get(row.planId);
    if (!plan) continue;
    const key = `${plan.classId}\u0000${plan.term}\u0000${plan.currency}`;
    const group = groups.get(key) ?? {
      classId: plan.classId,
      className: plan.className,
      term: plan.term,
      currency: plan.currency,
      invoices: 0,
      billed: 0,
      collected: 0,
      outstanding: 0,
      due: plan.due,
    };
    group.invoices += row.invoices;
    group.billed += row.billed;
    group.collected += collectedOf.get(row.planId) ?? 0;
    group.outstanding = group.billed - group.collected;
    if (plan.due > group.due) group.due = plan.due;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        b.due.localeCompare(a.due) ||
        a.term.localeCompare(b.term) ||
        a.className.localeCompare(b.className) ||
        a.currency.localeCompare(b.currency),
    )
    .map(({ due: _due, ...row }) => row);
}

/**
 * Issued invoices whose due date is before `today` (the school's) with something still owed, the
 * longest overdue first, then by pupil name in `locale`. `canEmail`: an active Parent account with an
 * email is a guardian of the pupil.
 */
export async function overdueInvoices(db: Db, today: string, locale: AnyLocale): Promise<OverdueRow[]> {
  const rows = await db
    .selectFrom('invoice as i')
    .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
    .select((eb) => [
      'i.id as invoiceId',
      'i.student_id as studentId',
      'i.student_name as studentName',
      'i.class_name as className',
      'p.name as planName',
      'p.currency as currency',
      sql<number>`i.total - ${paidOn}`.as('outstanding'),
      'p.due_date as dueDate',
      'i.last_reminder_at as lastReminderAt',
      eb
        .exists(
          eb
            .selectFrom('guardian as g')
            .innerJoin('app_user as u', 'u.id', 'g.parent_id')
            .select('g.parent_id')
            .whereRef('g.student_id', '=', 'i.student_id')
            .where('u.type', '=', USER_TYPE.parent)
            .where('u.status', '=', 'active')
            .where(sql<boolean>`trim(u.email) <> ''`),
        )
        .as('canEmail'),
    ])
    .where('i.status', '=', 'issued')
    .where('p.due_date', '<', today)
    .where(sql<boolean>`i.total - ${paidOn} > 0`)
    .orderBy('p.due_date')
    .orderBy('i.id')
    .execute();
  sortByNameWithin(
    rows,
    locale,
    (row) => row.dueDate,
    (row) => row.studentName,
  );
  return rows.map((row) => ({
    ...row,
    outstanding: Number(row.outstanding),
    daysOverdue: daysBetween(row.dueDate, today),
    canEmail: Boolean(row.canEmail),
  }));
}

/** What a reminder says about an invoice: its pupil, plan, and what is owed by when. */
export interface InvoiceToRemind {
  id: number;
  studentId: number | null;
  studentName: string;
  className: string;
  planName: string;
  term: string;
  currency: string;
  dueDate: string;
  total: number;
  paid: number;
  outstanding: number;
  cancelled: boolean;
}

export async function invoiceToRemind(db: Db, invoiceId: number): Promise<InvoiceToRemind | undefined> {
  const row = await db
    .selectFrom('invoice as i')
    .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
    .select([
      'i.id',
      'i.student_id as studentId',
      'i.student_name as studentName',
      'i.class_name as className',
      'p.name as planName',
      'p.term',
      'p.currency',
      'p.due_date as dueDate',
      'i.total',
      'i.status',
    ])
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
  if (!row) return undefined;
  const total = Number(row.total);
  const cancelled = row.status === 'cancelled';
  const paid = (await paidOnInvoices(db, [row.id])).get(row.id) ?? 0;
  return {
    id: row.id,
    studentId: row.studentId,
    studentName: row.studentName,
    className: row.className,
    planName: row.planName,
    term: row.term,
    currency: row.currency,
    dueDate: row.dueDate,
    total,
    paid,
    outstanding: cancelled ? 0 : Math.max(0, total - paid),
    cancelled,
  };
}

export async function markReminded(db: Db, invoiceId: number, at: string): Promise<void> {
  await db.updateTable('invoice').set({ last_reminder_at: at }).where('id', '=', invoiceId).execute();
}

type EntryKind = Statement['entries'][number]['kind'];
/** At the same instant: the invoice before its payment, a payment before its void or cancellation. */
const KIND_ORDER: Record<EntryKind, number> = { invoice: 0, payment: 1, credit: 2, void: 3, cancellation: 4 };

const METHOD_WORDS: Record<string, string> = {
  cash: 'cash',
  bank_transfer: 'bank transfer',
  card: 'card',
  other: 'other',
};

/** The money part of a pupil's statement: what the ledger alone decides (see pupilStatement). */
export interface StatementMoney {
  entries: Statement['entries'];
  balance: number;
  /** The currency of the pupil's first invoice; null when the pupil has none. */
  currency: string | null;
}

/**
 * A pupil's statement: every invoice issued (+ its total), every cancellation (− the total),
 * every payment (− what it applied to the invoice, and − its credit as a separate line) and every
 * void (+ the payment's amount), oldest first, with the running balance. Its last balance is the
 * pupil's balance of balance.repository.ts. Undefined when there is no such pupil.
 *
 * The pupil and the school's currency are read here, fresh; the money part comes from `money`,
 * which the routes keep per pupil on the ledger's data version (statementMoney reads it afresh).
 */
export async function pupilStatement(
  db: Db,
  studentId: number,
  schoolCurrency: () => Promise<string>,
  money: (studentId: number) => Promise<StatementMoney> = (id) => statementMoney(db, id),
): Promise<Statement | undefined> {
  const [pupil, ledger] = await Promise.all([
    db
      .selectFrom('app_user')
      .select(['id', 'name'])
      .where('id', '=', studentId)
      .where('type', '=', USER_TYPE.student)
      .executeTakeFirst(),
    money(studentId),
  ]);
  if (!pupil) return undefined;
  return {
    studentId: pupil.id,
    studentName: pupil.name,
    // A pupil without invoices: the school's currency (read only then).
    currency: ledger.currency ?? (await schoolCurrency()),
    entries: ledger.entries,
    balance: ledger.balance,
  };
}

/** The ledger's events of one pupil with the running balance (a pupil with none: no entries). */
export async function statementMoney(db: Db, studentId: number): Promise<StatementMoney> {
  // Two independent reads, sent together: on PostgreSQL each goes on its own pooled connection.
  const [invoices, payments] = await Promise.all([
    db
      .selectFrom('invoice as i')
      .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
      .select([
        'i.id',
        'i.total',
        'i.issued_at',
        'i.cancelled_at',
        'i.cancel_reason',
        'i.status',
        'p.name as planName',
        'p.term',
        'p.currency',
      ])
      .where('i.student_id', '=', studentId)
      .orderBy('i.id')
      .execute(),
    db
      .selectFrom('payment')
      .select([
        'id',
        'invoice_id',
        'receipt_no',
        'amount',
        'applied',
        'method',
        'reference',
        'created_at',
        'voided_at',
        'void_reason',
      ])
      .where('student_id', '=', studentId)
      .orderBy('id')
      .execute(),
  ]);

  type Entry = Omit<Statement['entries'][number], 'balance'> & { order: number };
  const entries: Entry[] = [];
  for (const invoice of invoices) {
    const what = `${invoice.planName} (${invoice.term})`;
    const total = Number(invoice.total);
    entries.push({
      date: invoice.issued_at,
      kind: 'invoice',
      description: `Invoice ${invoice.id}: ${what}`,
      amount: total,
      invoiceId: invoice.id,
      paymentId: null,
      order: invoice.id,
    });
    if (invoice.status === 'cancelled') {
      entries.push({
        date: invoice.cancelled_at ?? invoice.issued_at,
        kind: 'cancellation',
        description: `Invoice ${invoice.id} cancelled: ${invoice.cancel_reason ?? ''}`.trim(),
        amount: -total,
        invoiceId: invoice.id,
        paymentId: null,
        order: invoice.id,
      });
    }
  }
  for (const payment of payments) {
    const amount = Number(payment.amount);
    const applied = Number(payment.applied);
    const method = METHOD_WORDS[payment.method] ?? payment.method;
    const reference = payment.reference ? `, ${payment.reference}` : '';
    const receipt = `receipt ${payment.receipt_no}`;
    if (applied > 0) {
      entries.push({
        date: payment.created_at,
        kind: 'payment',
        description: `Payment on invoice ${payment.invoice_id} (${method}${reference}), ${receipt}`,
        amount: -applied,
        invoiceId: payment.invoice_id,
        paymentId: payment.id,
        order: payment.id,
      });
    }
    if (amount > applied) {
      entries.push({
        date: payment.created_at,
        kind: 'credit',
        description: `Credit on the account (${method}${reference}), ${receipt}`,
        amount: -(amount - applied),
        invoiceId: payment.invoice_id,
        paymentId: payment.id,
        order: payment.id,
      });
    }
    if (payment.voided_at !== null) {
      entries.push({
        date: payment.voided_at,
        kind: 'void',
        description: `Payment of ${receipt} voided: ${payment.void_reason ?? ''}`.trim(),
        amount,
        invoiceId: payment.invoice_id,
        paymentId: payment.id,
        order: payment.id,
      });
    }
  }
  entries.sort(
    (a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.order - b.order,
  );
  let balance = 0;
  const withBalance = entries.map(({ order: _order, ...entry }) => {
    balance += entry.amount;
    return { ...entry, balance };
  });
  return { entries: withBalance, balance, currency: invoices[0]?.currency ?? null };
}

/** Every invoice and payment of the ledger, for its CSV export (invoices, then payments, by id). */
export async function ledgerRows(db: Db) {
  const invoices = await db
    .selectFrom('invoice as i')
    .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
    .select([
      'i.id',
      'i.issued_at',
      'i.student_id',
      'i.student_name',
      'i.class_name',
      'p.name as planName',
      'p.term',
      'p.due_date',
      'p.currency',
      'i.subtotal',
      'i.discount',
      'i.total',
      'i.status',
      'i.cancelled_at',
      'i.cancel_reason',
    ])
    .orderBy('i.id')
    .execute();
  const payments = await db
    .selectFrom('payment as pay')
    .innerJoin('invoice as i', 'i.id', 'pay.invoice_id')
    .innerJoin('fee_plan as p', 'p.id', 'i.plan_id')
    .select([
      'pay.id',
      'pay.receipt_no',
      'pay.created_at',
      'pay.invoice_id',
      'pay.student_id',
      'pay.student_name',
      'i.class_name',
      'p.name as planName',
      'p.term',
      'p.currency',
      'pay.amount',
      'pay.applied',
      'pay.method',
      'pay.reference',
      'pay.paid_on',
      'pay.voided_at',
      'pay.void_reason',
    ])
    .orderBy('pay.id')
    .execute();
  return { invoices, payments };
}

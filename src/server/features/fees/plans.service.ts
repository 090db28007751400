import { FEE_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  type Discount,
  type DiscountInput,
  FEE_MESSAGES,
  FEE_PLAN_MESSAGES,
  type FeePlan,
  type FeePlanInput,
  type Invoice,
} from '../../../shared/api/fees.js';
import { SCHOOL_YEAR_MESSAGES } from '../../../shared/api/school-years.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import {
  discountOn,
  formatMoney,
  type Discount as MoneyDiscount,
  sumAmounts,
} from '../../../shared/rules/money.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import { catalogRowExists } from '../catalog/catalog.repository.js';
import { currentTermNamed, findTerm, lockYears } from '../school-years/school-years.repository.js';
import { readSettings } from '../settings/settings.repository.js';
import { paidOnInvoices } from './balance.repository.js';
import { invoicesOf } from './invoices.repository.js';
import { auditMoney } from './money-audit.repository.js';
import { countInvoices, discountsOf, lockInvoice, lockPlan, planItems, plansOf } from './plans.repository.js';

/**
 * Fee plans, issuing their invoices, the pupils' discounts and cancelling an invoice
 * (docs/decisions/0026-fees.md). Every change writes its money_audit row in its own transaction.
 */

const savedDiscount = (row: { kind: 'percent' | 'fixed'; value: number }): MoneyDiscount =>
  row.kind === 'percent' ? { kind: 'percent', basisPoints: row.value } : { kind: 'fixed', amount: row.value };

const asMoneyDiscount = (input: DiscountInput): MoneyDiscount =>
  input.kind === 'percent'
    ? { kind: 'percent', basisPoints: input.basisPoints }
    : { kind: 'fixed', amount: input.amount };

async function requireClass(db: Db, classId: number): Promise<void> {
  if (!(await catalogRowExists(db, 'school_class', classId))) {
    throw invalid(FEE_PLAN_MESSAGES.classUnknown, [
      { field: 'classId', message: FEE_PLAN_MESSAGES.classUnknown },
    ]);
  }
}

/**
 * The plan's term and its text: the term of `termId` (400 when there is none) and its name; else,
 * when the text is new (`keep` is the plan's stored term), the current year's term of that name, if any.
 */
async function resolveTerm(
  trx: Db,
  input: FeePlanInput,
  keep?: { term: string; term_id: number | null },
): Promise<{ term: string; term_id: number | null }> {
  await lockYears(trx);
  if (input.termId !== undefined) {
    const term = await findTerm(trx, input.termId);
    if (!term) {
      throw invalid(SCHOOL_YEAR_MESSAGES.termUnknown, [
        { field: 'termId', message: SCHOOL_YEAR_MESSAGES.termUnknown },
      ]);
    }
    return { term: term.name, term_id: term.id };
  }
  if (keep && keep.term === input.term) return { term: keep.term, term_id: keep.term_id };
  const named = await currentTermNamed(trx, input.term);
  return named ? { term: named.name, term_id: named.id } : { term: input.term, term_id: null };
}

async function insertItems(db: Db, planId: number, items: FeePlanInput['items']): Promise<void> {
  await db
    .insertInto('fee_plan_item')
    .values(
      items.map((item, position) => ({ plan_id: planId, position, name: item.name, amount: item.amount })),
    )
    .execute();
}

/** The items' sum may not pass MAX_AMOUNT (each item is checked by the schema, the sum here). */
function requireSummable(items: FeePlanInput['items']): void {
  try {
    sumAmounts(items.map((item) => item.amount));
  } catch {
    throw invalid(FEE_MESSAGES.amountInvalid, [{ field: 'items', message: FEE_MESSAGES.amountInvalid }]);
  }
}

async function onePlan(db: Db, planId: number): Promise<FeePlan> {
  const [plan] = await plansOf(db, planId);
  if (!plan) throw notFound('That fee plan');
  return plan;
}

/** `POST admin/fee-plans`: in the school's currency of today. */
export async function createPlan(
  db: Db,
  actor: SessionUser,
  input: FeePlanInput,
  now: string,
): Promise<FeePlan> {
  requireSummable(input.items);
  return db.transaction().execute(async (trx) => {
    await requireClass(trx, input.classId);
    const term = await resolveTerm(trx, input);
    const { currency } = await readSettings(trx);
    const { id } = await trx
      .insertInto('fee_plan')
      .values({
        name: input.name,
        class_id: input.classId,
        ...term,
        due_date: input.dueDate,
        currency,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertItems(trx, id, input.items);
    const plan = await onePlan(trx, id);
    await auditMoney(trx, actor, { action: 'plan.create', entity: 'plan', entityId: id, after: plan }, now);
    return plan;
  });
}

const sameItems = (a: readonly { name: string; amount: number }[], b: FeePlanInput['items']) =>
  a.length === b.length && a.every((item, i) => item.name === b[i]?.name && item.amount === b[i]?.amount);

/**
 * `PUT admin/fee-plans/{id}`: the whole plan. Once it has invoices (which copied its class's pupils
 * and its items) its class and items can no longer change (409); its name, term and due date can.
 */
export async function updatePlan(
  db: Db,
  actor: SessionUser,
  planId: number,
  input: FeePlanInput,
  now: string,
): Promise<FeePlan> {
  requireSummable(input.items);
  return db.transaction().execute(async (trx) => {
    const locked = await lockPlan(trx, planId);
    if (!locked) throw notFound('That fee plan');
    const before = await onePlan(trx, planId);
    const itemsChange = !sameItems(before.items, input.items);
    if ((itemsChange || before.classId !== input.classId) && (await countInvoices(trx, planId)) > 0) {
      throw conflict(FEE_ERROR_CODES.planHasInvoices, FEE_MESSAGES.planHasInvoices);
    }
    await requireClass(trx, input.classId);
    const term = await resolveTerm(trx, input, locked);
    await trx
      .updateTable('fee_plan')
      .set({
        name: input.name,
        class_id: input.classId,
        ...term,
        due_date: input.dueDate,
        updated_at: now,
      })
      .where('id', '=', planId)
      .execute();
    if (itemsChange) {
      await trx.deleteFrom('fee_plan_item').where('plan_id', '=', planId).execute();
      await insertItems(trx, planId, input.items);
    }
    const after = await onePlan(trx, planId);
    await auditMoney(
      trx,
      actor,
      { action: 'plan.update', entity: 'plan', entityId: planId, before, after },
      now,
    );
    return after;
  });
}

export async function listPlans(db: Db): Promise<FeePlan[]> {
  return plansOf(db);
}

/** A plan's invoices, by pupil name in `locale`. */
export async function planInvoices(db: Db, planId: number, locale: AnyLocale): Promise<Invoice[]> {
  await onePlan(db, planId);
  return sortByName(await invoicesOf(db, { planId }), locale, (invoice) => invoice.studentName);
}

/** Rows per multi-row insert: far below either engine's limit of bound parameters. */
const CHUNK = 200;

/**
 * `POST admin/fee-plans/{id}/invoices`: an invoice for every current pupil of the plan's class
 * (an open enrolment, an active Student account) who has none on this plan yet, each with the
 * plan's items copied as its lines and the pupil's discount taken once off the subtotal. The unique
 * index (plan, pupil) with `on conflict do nothing` makes a second issue, also one running at the
 * same moment, create only what is missing; the count is of the rows this insert made.
 */
export async function issueInvoices(
  db: Db,
  actor: SessionUser,
  planId: number,
  now: string,
): Promise<number> {
  return db.transaction().execute((trx) => issueInvoicesIn(trx, actor, planId, now));
}

/** `issueInvoices` inside a transaction the caller holds (the demo's ledger is written in one). */
export async function issueInvoicesIn(
  trx: Db,
  actor: SessionUser,
  planId: number,
  now: string,
): Promise<number> {
  const plan = await lockPlan(trx, planId);
  if (!plan) throw notFound('That fee plan');
  const className =
    (await trx.selectFrom('school_class').select('name').where('id', '=', plan.class_id).executeTakeFirst())
      ?.name ?? '';
  const items = await planItems(trx, planId);
  const subtotal = sumAmounts(items.map((item) => item.amount));
  const pupils = await trx
    .selectFrom('enrolment as e')
    .innerJoin('app_user as u', 'u.id', 'e.student_id')
    .select(['u.id', 'u.name'])
    .where('e.class_id', '=', plan.class_id)
    .where('e.ended_on', 'is', null)
    .where('u.type', '=', USER_TYPE.student)
    .where('u.status', '=', 'active')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invoice')
            .select('invoice.id')
            .where('invoice.plan_id', '=', planId)
            .whereRef('invoice.student_id', '=', 'u.id'),
        ),
      ),
    )
    .orderBy('u.id')
    .execute();
  if (pupils.length === 0) return 0;
  const discounts = new Map(
    (
      await trx
        .selectFrom('fee_discount')
        .select(['student_id', 'kind', 'value', 'reason'])
        .where('plan_id', '=', planId)
        .execute()
    ).map((row) => [row.student_id, { ...row, value: Number(row.value) }]),
  );
  let created = 0;
  for (let start = 0; start < pupils.length; start += CHUNK) {
    const chunk = pupils.slice(start, start + CHUNK);
    const values = chunk.map((pupil) => {
      const discount = discounts.get(pupil.id);
      const off = discountOn(subtotal, discount && savedDiscount(discount));
      return {
        plan_id: planId,
        student_id: pupil.id,
        student_name: pupil.name,
        class_name: className,
        subtotal,
        discount: off,
        discount_reason: off > 0 && discount ? discount.reason : '',
        total: subtotal - off,
        status: 'issued' as const,
        issued_at: now,
        issued_by: actor.id,
      };
    });
    const inserted = await trx
      .insertInto('invoice')
      .values(values)
      .onConflict((oc) => oc.columns(['plan_id', 'student_id']).doNothing())
      .returning(['id', 'student_id'])
      .execute();
    created += inserted.length;
    if (inserted.length === 0) continue;
    await trx
      .insertInto('invoice_line')
      .values(
        inserted.flatMap((invoice) =>
          items.map((item, position) => ({
            invoice_id: invoice.id,
            position,
            name: item.name,
            amount: item.amount,
          })),
        ),
      )
      .execute();
    const byStudent = new Map(values.map((value) => [value.student_id, value]));
    for (const invoice of inserted) {
      const value = byStudent.get(invoice.student_id ?? -1);
      await auditMoney(
        trx,
        actor,
        {
          action: 'invoice.issue',
          entity: 'invoice',
          entityId: invoice.id,
          studentId: invoice.student_id,
          after: value && {
            planId,
            studentName: value.student_name,
            className,
            lines: items,
            subtotal: value.subtotal,
            discount: value.discount,
            discountReason: value.discount_reason,
            total: value.total,
          },
        },
        now,
      );
    }
  }
  return created;
}

/** A plan's discounts, by pupil name in `locale`. */
export async function listDiscounts(db: Db, planId: number, locale: AnyLocale): Promise<Discount[]> {
  await onePlan(db, planId);
  return sortByName(await discountsOf(db, planId), locale, (discount) => discount.studentName);
}

/** A pupil a discount may be given to: a Student in the plan's class now, or with an invoice on the plan. */
async function requirePupilOfPlan(trx: Db, plan: { id: number; class_id: number }, studentId: number) {
  const pupil = await trx
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', '=', studentId)
    .where('type', '=', USER_TYPE.student)
    .executeTakeFirst();
  if (!pupil) throw notFound('That pupil');
  const inClass = await trx
    .selectFrom('enrolment')
    .select('id')
    .where('student_id', '=', studentId)
    .where('class_id', '=', plan.class_id)
    .where('ended_on', 'is', null)
    .executeTakeFirst();
  const invoiced = await trx
    .selectFrom('invoice')
    .select('id')
    .where('plan_id', '=', plan.id)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (!inClass && !invoiced) {
    throw invalid(FEE_MESSAGES.pupilNotInClass, [
      { field: 'studentId', message: FEE_MESSAGES.pupilNotInClass },
    ]);
  }
}

/**
 * Recomputes the pupil's issued invoice on the plan for `discount` (none: undefined): once on the
 * subtotal; never below what its standing payments paid (409). A cancelled invoice stays as it was.
 */
async function applyToInvoice(
  trx: Db,
  actor: SessionUser,
  planId: number,
  studentId: number,
  discount: (MoneyDiscount & { reason: string }) | undefined,
  now: string,
): Promise<void> {
  const row = await trx
    .selectFrom('invoice')
    .select('id')
    .where('plan_id', '=', planId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (!row) return;
  const invoice = await lockInvoice(trx, row.id);
  if (invoice?.status !== 'issued') return;
  const off = discountOn(invoice.subtotal, discount);
  const total = invoice.subtotal - off;
  const reason = off > 0 && discount ? discount.reason : '';
  if (off === invoice.discount && reason === invoice.discount_reason) return;
  const paid = (await paidOnInvoices(trx, [invoice.id])).get(invoice.id) ?? 0;
  if (total < paid) {
    const { currency } = await trx
      .selectFrom('fee_plan')
      .select('currency')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    throw conflict(
      FEE_ERROR_CODES.discountBelowPaid,
      FEE_PLAN_MESSAGES.discountBelowPaid(formatMoney(paid, currency)),
    );
  }
  await trx
    .updateTable('invoice')
    .set({ discount: off, discount_reason: reason, total })
    .where('id', '=', invoice.id)
    .execute();
  await auditMoney(
    trx,
    actor,
    {
      action: 'invoice.discount',
      entity: 'invoice',
      entityId: invoice.id,
      studentId,
      before: { discount: invoice.discount, discountReason: invoice.discount_reason, total: invoice.total },
      after: { discount: off, discountReason: reason, total },
    },
    now,
  );
}

/** `PUT admin/fee-plans/{id}/discounts/{studentId}`: sets (or replaces) the pupil's discount. */
export async function setDiscount(
  db: Db,
  actor: SessionUser,
  planId: number,
  studentId: number,
  input: DiscountInput,
  now: string,
): Promise<Discount> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, planId);
    if (!plan) throw notFound('That fee plan');
    await requirePupilOfPlan(trx, plan, studentId);
    const [before] = await discountsOf(trx, planId, studentId);
    const value = input.kind === 'percent' ? input.basisPoints : input.amount;
    await trx
      .insertInto('fee_discount')
      .values({
        plan_id: planId,
        student_id: studentId,
        kind: input.kind,
        value,
        reason: input.reason,
        updated_by: actor.id,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['plan_id', 'student_id']).doUpdateSet({
          kind: input.kind,
          value,
          reason: input.reason,
          updated_by: actor.id,
          updated_at: now,
        }),
      )
      .execute();
    const [after] = await discountsOf(trx, planId, studentId);
    if (!after) throw notFound('That pupil');
    await auditMoney(
      trx,
      actor,
      { action: 'discount.set', entity: 'discount', entityId: planId, studentId, before, after },
      now,
    );
    await applyToInvoice(
      trx,
      actor,
      planId,
      studentId,
      { ...asMoneyDiscount(input), reason: input.reason },
      now,
    );
    return after;
  });
}

/** `DELETE admin/fee-plans/{id}/discounts/{studentId}`: false when there was none. */
export async function removeDiscount(
  db: Db,
  actor: SessionUser,
  planId: number,
  studentId: number,
  now: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, planId);
    if (!plan) return false;
    const [before] = await discountsOf(trx, planId, studentId);
    if (!before) return false;
    await trx
      .deleteFrom('fee_discount')
      .where('plan_id', '=', planId)
      .where('student_id', '=', studentId)
      .execute();
    await auditMoney(
      trx,
      actor,
      { action: 'discount.remove', entity: 'discount', entityId: planId, studentId, before },
      now,
    );
    await applyToInvoice(trx, actor, planId, studentId, undefined, now);
    return true;
  });
}

/**
 * `POST fees/invoices/{id}/cancel`: never deleted, cancelled with a reason; refused (409) while a
 * payment on it stands (void it first) and when it is cancelled already.
 */
export async function cancelInvoice(
  db: Db,
  actor: SessionUser,
  invoiceId: number,
  reason: string,
  now: string,
): Promise<Invoice> {
  return db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, invoiceId);
    if (!invoice) throw notFound('That invoice');
    if (invoice.status === 'cancelled')
      throw conflict(FEE_ERROR_CODES.alreadyCancelled, FEE_MESSAGES.alreadyCancelled);
    const standing = await trx
      .selectFrom('payment')
      .select('id')
      .where('invoice_id', '=', invoiceId)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    if (standing) throw conflict(FEE_ERROR_CODES.invoiceHasPayments, FEE_MESSAGES.invoiceHasPayments);
    await trx
      .updateTable('invoice')
      .set({ status: 'cancelled', cancel_reason: reason, cancelled_at: now, cancelled_by: actor.id })
      .where('id', '=', invoiceId)
      .execute();
    await auditMoney(
      trx,
      actor,
      {
        action: 'invoice.cancel',
        entity: 'invoice',
        entityId: invoiceId,
        studentId: invoice.student_id,
        before: { status: 'issued', total: invoice.total },
        after: { status: 'cancelled', reason, total: invoice.total },
      },
      now,
    );
    const [answer] = await invoicesOf(trx, { invoiceIds: [invoiceId] });
    if (!answer) throw notFound('That invoice');
    return answer;
  });
}

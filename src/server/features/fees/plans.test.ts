import { describe, expect, it } from 'vitest';
import {
  AuditEntrySchema,
  DiscountSchema,
  FEE_MESSAGES,
  type FeePlanInput,
  FeePlanSchema,
  InvoiceSchema,
  StudentFeesSchema,
} from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { nowIso } from '../../lib/time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';

/**
 * docs/decisions/0026-fees.md through the API: fee plans, issuing their invoices once per pupil,
 * discounts on the subtotal, cancelling, a pupil's fees for the principal and the guardians, the
 * money audit.
 */
describe.each(TEST_ENGINES)('fee plans, invoices and discounts on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const planInput = (overrides: Partial<FeePlanInput> = {}): FeePlanInput => ({
    name: 'Autumn fees',
    classId: f.classes['Class 2'],
    term: 'Autumn 2026',
    dueDate: '2099-12-15',
    items: [
      { name: 'Tuition', amount: 45000 },
      { name: 'Books', amount: 3333 },
    ],
    ...overrides,
  });

  const createPlan = async (overrides: Partial<FeePlanInput> = {}) => {
    const res = await call('principal', 'POST', '/admin/fee-plans', planInput(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return FeePlanSchema.parse(res.json().data);
  };
  const issue = async (planId: number) => {
    const res = await call('principal', 'POST', `/admin/fee-plans/${planId}/invoices`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.created as number;
  };
  const invoicesOfPlan = async (planId: number) => {
    const res = await call('principal', 'GET', `/admin/fee-plans/${planId}/invoices`);
    expect(res.statusCode, res.body).toBe(200);
    return InvoiceSchema.array().parse(res.json().data);
  };
  const pupilsOfClass = async (classId: number) =>
    (
      await t.db
        .selectFrom('enrolment as e')
        .innerJoin('app_user as u', 'u.id', 'e.student_id')
        .select('u.id')
        .where('e.class_id', '=', classId)
        .where('e.ended_on', 'is', null)
        .where('u.status', '=', 'active')
        .where('u.type', '=', USER_TYPE.student)
        .execute()
    ).map((row) => row.id);
  /** A payment as the office records it, written straight into the ledger. */
  const recordPayment = async (invoiceId: number, studentId: number, amount: number) => {
    const last = await t.db
      .selectFrom('payment')
      .select((eb) => eb.fn.max('receipt_no').as('n'))
      .executeTakeFirst();
    const { id } = await t.db
      .insertInto('payment')
      .values({
        receipt_no: Number(last?.n ?? 0) + 1000,
        invoice_id: invoiceId,
        student_id: studentId,
        student_name: 'Paying pupil',
        amount,
        applied: amount,
        method: 'cash',
        reference: '',
        paid_on: '2026-11-20',
        provider: 'office',
        provider_reference: null,
        idempotency_key: null,
        request_hash: null,
        balance_after: 0,
        recorded_by: f.users.principal,
        recorded_by_name: 'The principal',
        created_at: nowIso(),
        voided_at: null,
        void_reason: null,
        voided_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };

  it('a plan is made, listed with its total, and its invoices issued once per current pupil', async () => {
    const plan = await createPlan();
    expect(plan).toMatchObject({
      className: 'Class 2',
      total: 48333,
      invoices: 0,
      currency: expect.any(String),
    });
    expect(plan.items.map((item) => item.name)).toEqual(['Tuition', 'Books']);

    const list = await call('principal', 'GET', '/admin/fee-plans');
    expect(list.statusCode).toBe(200);
    expect(
      FeePlanSchema.array()
        .parse(list.json().data)
        .find((p) => p.id === plan.id),
    ).toEqual(plan);

    const pupils = await pupilsOfClass(f.classes['Class 2']);
    expect(pupils.length).toBeGreaterThan(0);
    expect(await issue(plan.id)).toBe(pupils.length);
    expect(await issue(plan.id)).toBe(0);

    const invoices = await invoicesOfPlan(plan.id);
    expect(invoices.map((i) => i.studentId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [...pupils].sort((a, b) => a - b),
    );
    const yusuf = invoices.find((i) => i.studentId === f.children[1]);
    expect(yusuf).toMatchObject({
      planName: 'Autumn fees',
      term: 'Autumn 2026',
      className: 'Class 2',
      lines: [
        { name: 'Tuition', amount: 45000 },
        { name: 'Books', amount: 3333 },
      ],
      subtotal: 48333,
      discount: 0,
      total: 48333,
      paid: 0,
      balance: 48333,
      status: 'open',
      cancelReason: null,
    });

    // A new pupil joins the class: issuing again makes only theirs.
    const newcomer = await userWithSession(t.db, USER_TYPE.student, 'Nadia Newcomer');
    const enrol = await call('principal', 'POST', '/enrolments', {
      studentId: newcomer.id,
      classId: f.classes['Class 2'],
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    expect(await issue(plan.id)).toBe(1);
    expect(await issue(plan.id)).toBe(0);
    const after = await invoicesOfPlan(plan.id);
    expect(after).toHaveLength(pupils.length + 1);
    expect(after.find((i) => i.studentId === newcomer.id)).toMatchObject({
      studentName: 'Nadia Newcomer',
      total: 48333,
    });
  });

  it('two issues at the same moment make each invoice once', async () => {
    const plan = await createPlan({ classId: f.classes.KG, name: 'KG trip' });
    const pupils = await pupilsOfClass(f.classes.KG);
    const created = await Promise.all([issue(plan.id), issue(plan.id), issue(plan.id)]);
    expect(created.reduce((a, b) => a + b, 0)).toBe(pupils.length);
    expect(await invoicesOfPlan(plan.id)).toHaveLength(pupils.length);
    const lines = await t.db
      .selectFrom('invoice_line')
      .innerJoin('invoice', 'invoice.id', 'invoice_line.invoice_id')
      .select('invoice_line.id')
      .where('invoice.plan_id', '=', plan.id)
      .execute();
    expect(lines).toHaveLength(pupils.length * 2);
  });

  it('a plan with invoices keeps its class and items (409) but may be renamed; without, everything changes', async () => {
    const plan = await createPlan();
    const changed = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}`, {
      ...planInput(),
      items: [{ name: 'Tuition', amount: 50000 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(FeePlanSchema.parse(changed.json().data)).toMatchObject({
      total: 50000,
      items: [{ name: 'Tuition' }],
    });

    await issue(plan.id);
    const refused = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}`, planInput());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(FEE_MESSAGES.planHasInvoices);
    const moved = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}`, {
      ...planInput({ classId: f.classes.KG }),
      items: [{ name: 'Tuition', amount: 50000 }],
    });
    expect(moved.statusCode).toBe(409);
    const renamed = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}`, {
      ...planInput({ name: 'Autumn fees (revised)', dueDate: '2099-12-20' }),
      items: [{ name: 'Tuition', amount: 50000 }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Autumn fees (revised)',
      dueDate: '2099-12-20',
      total: 50000,
    });
    expect((await invoicesOfPlan(plan.id))[0]).toMatchObject({
      planName: 'Autumn fees (revised)',
      total: 50000,
    });

    const missing = await call('principal', 'PUT', '/admin/fee-plans/999999', planInput());
    expect(missing.statusCode).toBe(404);
  });

  it('a plan item or a fixed discount with a fraction of a minor unit is a 400 saying so', async () => {
    const before = await call('principal', 'GET', '/admin/fee-plans');
    const fractional = await call('principal', 'POST', '/admin/fee-plans', {
      ...planInput(),
      items: [
        { name: 'Tuition', amount: 45000 },
        { name: 'Books', amount: 1234.5 },
      ],
    });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().error).toMatchObject({
      message: `items.1.amount: ${FEE_MESSAGES.amountNotWhole}`,
      details: [{ field: 'items.1.amount', message: FEE_MESSAGES.amountNotWhole }],
    });
    const after = await call('principal', 'GET', '/admin/fee-plans');
    expect(after.json().data).toHaveLength(before.json().data.length);

    const plan = await createPlan();
    const edited = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}`, {
      ...planInput(),
      items: [{ name: 'Tuition', amount: 0.01 }],
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.details).toEqual([
      { field: 'items.0.amount', message: FEE_MESSAGES.amountNotWhole },
    ]);
    const discount = await call(
      'principal',
      'PUT',
      `/admin/fee-plans/${plan.id}/discounts/${f.children[1]}`,
      {
        kind: 'fixed',
        amount: 99.9,
        reason: 'Bursary',
      },
    );
    expect(discount.statusCode).toBe(400);
    expect(discount.json().error.details).toEqual([
      { field: 'amount', message: FEE_MESSAGES.amountNotWhole },
    ]);
  });

  it('discounts: an odd percentage rounds once on the subtotal, a fixed amount, before and after issuing', async () => {
    const plan = await createPlan();
    const [yusuf] = [f.children[1]];
    const others = (await pupilsOfClass(f.classes['Class 2'])).filter((id) => id !== yusuf);
    const other = others[0];
    if (other === undefined) throw new Error('Class 2 needs a second pupil');

    // Before issuing: 33.33 % of 48333 = 16109.38... -> 16109.
    const percent = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${yusuf}`, {
      kind: 'percent',
      basisPoints: 3333,
      reason: 'Sibling discount',
    });
    expect(percent.statusCode, percent.body).toBe(200);
    expect(DiscountSchema.parse(percent.json().data)).toMatchObject({
      planId: plan.id,
      studentId: yusuf,
      kind: 'percent',
      value: 3333,
      reason: 'Sibling discount',
    });
    await issue(plan.id);
    let invoices = await invoicesOfPlan(plan.id);
    expect(invoices.find((i) => i.studentId === yusuf)).toMatchObject({
      subtotal: 48333,
      discount: 16109,
      discountReason: 'Sibling discount',
      total: 32224,
    });

    // After issuing: 12.5 % of 48333 = 6041.625 -> 6042 (half-even only decides exact halves).
    const later = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${other}`, {
      kind: 'percent',
      basisPoints: 1250,
      reason: 'Staff child',
    });
    expect(later.statusCode, later.body).toBe(200);
    invoices = await invoicesOfPlan(plan.id);
    expect(invoices.find((i) => i.studentId === other)).toMatchObject({ discount: 6042, total: 42291 });

    // A fixed amount replaces it; one above the subtotal takes the invoice to 0, never below.
    const fixed = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${other}`, {
      kind: 'fixed',
      amount: 5000,
      reason: 'Bursary',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    invoices = await invoicesOfPlan(plan.id);
    expect(invoices.find((i) => i.studentId === other)).toMatchObject({
      discount: 5000,
      discountReason: 'Bursary',
      total: 43333,
    });
    const whole = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${other}`, {
      kind: 'fixed',
      amount: 99999999,
      reason: 'Full bursary',
    });
    expect(whole.statusCode).toBe(200);
    invoices = await invoicesOfPlan(plan.id);
    expect(invoices.find((i) => i.studentId === other)).toMatchObject({
      discount: 48333,
      total: 0,
      status: 'paid',
    });

    const listed = await call('principal', 'GET', `/admin/fee-plans/${plan.id}/discounts`);
    expect(
      DiscountSchema.array()
        .parse(listed.json().data)
        .map((d) => d.studentId)
        .sort(),
    ).toEqual([yusuf, other].sort());

    // Removing it restores the subtotal.
    const removed = await call('principal', 'DELETE', `/admin/fee-plans/${plan.id}/discounts/${other}`);
    expect(removed.statusCode).toBe(204);
    invoices = await invoicesOfPlan(plan.id);
    expect(invoices.find((i) => i.studentId === other)).toMatchObject({
      discount: 0,
      discountReason: '',
      total: 48333,
    });
    const again = await call('principal', 'DELETE', `/admin/fee-plans/${plan.id}/discounts/${other}`);
    expect(again.statusCode).toBe(404);

    // A pupil of another class is refused.
    const stranger = await call(
      'principal',
      'PUT',
      `/admin/fee-plans/${plan.id}/discounts/${f.users.student}`,
      {
        kind: 'fixed',
        amount: 100,
        reason: 'x',
      },
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toBe(FEE_MESSAGES.pupilNotInClass);
    const nobody = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/999999`, {
      kind: 'fixed',
      amount: 100,
      reason: 'x',
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('a discount never takes an invoice below what is paid; cancelling waits for payments to be voided', async () => {
    const plan = await createPlan();
    const yusuf = f.children[1];
    await issue(plan.id);
    const invoice = (await invoicesOfPlan(plan.id)).find((i) => i.studentId === yusuf);
    if (!invoice) throw new Error('no invoice');
    const paymentId = await recordPayment(invoice.id, yusuf, 40000);
    expect((await invoicesOfPlan(plan.id)).find((i) => i.id === invoice.id)).toMatchObject({
      paid: 40000,
      balance: 8333,
      status: 'partial',
    });

    const below = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${yusuf}`, {
      kind: 'fixed',
      amount: 10000,
      reason: 'Too late',
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.code).toBe('DISCOUNT_BELOW_PAID');
    // Nothing half-saved: no discount, the invoice as it was.
    const discounts = await call('principal', 'GET', `/admin/fee-plans/${plan.id}/discounts`);
    expect(discounts.json().data).toEqual([]);
    expect((await invoicesOfPlan(plan.id)).find((i) => i.id === invoice.id)).toMatchObject({ total: 48333 });
    const fits = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${yusuf}`, {
      kind: 'fixed',
      amount: 8333,
      reason: 'Exactly the rest',
    });
    expect(fits.statusCode).toBe(200);
    expect((await invoicesOfPlan(plan.id)).find((i) => i.id === invoice.id)).toMatchObject({
      total: 40000,
      balance: 0,
      status: 'paid',
    });

    const cancel = (id: number, body: unknown) =>
      call('principal', 'POST', `/fees/invoices/${id}/cancel`, body);
    const withPayment = await cancel(invoice.id, { reason: 'Left the school' });
    expect(withPayment.statusCode).toBe(409);
    expect(withPayment.json().error.message).toBe(FEE_MESSAGES.invoiceHasPayments);

    await t.db
      .updateTable('payment')
      .set({ voided_at: nowIso(), void_reason: 'Entered twice', voided_by: f.users.principal })
      .where('id', '=', paymentId)
      .execute();
    const cancelled = await cancel(invoice.id, { reason: '  Left the school  ' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(InvoiceSchema.parse(cancelled.json().data)).toMatchObject({
      id: invoice.id,
      status: 'cancelled',
      cancelReason: 'Left the school',
      balance: 0,
    });
    const twice = await cancel(invoice.id, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(FEE_MESSAGES.alreadyCancelled);
    expect((await cancel(999999, { reason: 'x' })).statusCode).toBe(404);
    // A discount leaves a cancelled invoice as it was.
    const onCancelled = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${yusuf}`, {
      kind: 'percent',
      basisPoints: 10000,
      reason: 'All',
    });
    expect(onCancelled.statusCode).toBe(200);
    expect((await invoicesOfPlan(plan.id)).find((i) => i.id === invoice.id)).toMatchObject({
      total: 40000,
      status: 'cancelled',
    });
  });

  it('a parent reads their own child’s fees; another pupil is a 404; pupils and teachers see no money', async () => {
    const plan = await createPlan({ name: 'Late fees', dueDate: '2026-01-10' });
    await issue(plan.id);
    const [aisha, yusuf] = f.children;

    const own = await call('parent', 'GET', `/fees/student/${yusuf}`);
    expect(own.statusCode, own.body).toBe(200);
    const fees = StudentFeesSchema.parse(own.json().data);
    expect(fees.studentId).toBe(yusuf);
    const late = fees.invoices.find((i) => i.planId === plan.id);
    expect(late).toMatchObject({ status: 'overdue', balance: 48333 });
    expect(fees.balance).toBeGreaterThanOrEqual(48333);
    expect(Array.isArray(fees.payments)).toBe(true);

    expect((await call('parent', 'GET', `/fees/student/${aisha}`)).statusCode).toBe(200);
    expect((await call('parent', 'GET', `/fees/student/${f.users.student2}`)).statusCode).toBe(404);
    expect((await call('parent', 'GET', '/fees/student/999999')).statusCode).toBe(404);
    expect((await call('principal', 'GET', `/fees/student/${yusuf}`)).statusCode).toBe(200);
    expect((await call('principal', 'GET', `/fees/student/${f.users.teacher}`)).statusCode).toBe(404);

    for (const caller of ['student', 'teacher'] as const) {
      expect((await call(caller, 'GET', `/fees/student/${f.users.student}`)).statusCode).toBe(403);
      expect((await call(caller, 'GET', '/admin/fee-plans')).statusCode).toBe(403);
      expect((await call(caller, 'POST', `/admin/fee-plans/${plan.id}/invoices`)).statusCode).toBe(403);
      expect((await call(caller, 'GET', '/admin/fees/audit')).statusCode).toBe(403);
    }
    expect((await call('parent', 'GET', '/admin/fee-plans')).statusCode).toBe(403);
  });

  it('bad bodies are 400s with a message per field, and nothing is saved', async () => {
    const before = await t.db
      .selectFrom('fee_plan')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [unknown, string, string][] = [
      [{}, 'name', FEE_MESSAGES.enterPlanName],
      [{ ...planInput(), items: [] }, 'items', FEE_MESSAGES.addItem],
      [{ ...planInput(), items: 'many' }, 'items', FEE_MESSAGES.addItem],
      [{ ...planInput(), items: [{ name: 'A', amount: -1 }] }, 'items.0.amount', FEE_MESSAGES.amountInvalid],
      [
        { ...planInput(), items: [{ name: 'A', amount: 1.5 }] },
        'items.0.amount',
        FEE_MESSAGES.amountNotWhole,
      ],
      [
        { ...planInput(), items: [{ name: 'A', amount: '100' }] },
        'items.0.amount',
        FEE_MESSAGES.amountInvalid,
      ],
      [{ ...planInput(), items: [{ name: ' ', amount: 1 }] }, 'items.0.name', FEE_MESSAGES.enterItemName],
      [{ ...planInput(), classId: 'x' }, 'classId', FEE_MESSAGES.chooseClass],
      [{ ...planInput(), term: '' }, 'term', FEE_MESSAGES.enterTerm],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('principal', 'POST', '/admin/fee-plans', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const badDate = await call('principal', 'POST', '/admin/fee-plans', {
      ...planInput(),
      dueDate: '2026-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.details).toContainEqual(expect.objectContaining({ field: 'dueDate' }));
    const unknownClass = await call('principal', 'POST', '/admin/fee-plans', {
      ...planInput(),
      classId: 999999,
    });
    expect(unknownClass.statusCode).toBe(400);
    expect(unknownClass.json().error.details).toContainEqual(expect.objectContaining({ field: 'classId' }));
    const tooMuch = await call('principal', 'POST', '/admin/fee-plans', {
      ...planInput(),
      items: [
        { name: 'A', amount: 10_000_000_000_000 },
        { name: 'B', amount: 1 },
      ],
    });
    expect(tooMuch.statusCode).toBe(400);
    const after = await t.db
      .selectFrom('fee_plan')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const plan = await createPlan();
    const yusuf = f.children[1];
    const discountCases: [unknown, string][] = [
      [{}, 'kind'],
      [{ kind: 'percent', basisPoints: 0, reason: 'x' }, 'basisPoints'],
      [{ kind: 'percent', basisPoints: 10001, reason: 'x' }, 'basisPoints'],
      [{ kind: 'percent', basisPoints: 12.5, reason: 'x' }, 'basisPoints'],
      [{ kind: 'fixed', amount: 0, reason: 'x' }, 'amount'],
      [{ kind: 'fixed', amount: 100, reason: '' }, 'reason'],
      [{ kind: 'other', amount: 100, reason: 'x' }, 'kind'],
    ];
    for (const [body, field] of discountCases) {
      const res = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${yusuf}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ field }),
      );
    }
    const badId = await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/abc`, {
      kind: 'fixed',
      amount: 1,
      reason: 'x',
    });
    expect(badId.statusCode).toBe(400);
    const noReason = await call('principal', 'POST', '/fees/invoices/1/cancel', {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details).toContainEqual({
      field: 'reason',
      message: FEE_MESSAGES.enterReason,
    });
    expect((await call('principal', 'GET', '/admin/fees/audit?page=0')).statusCode).toBe(400);
    expect((await call('principal', 'GET', '/admin/fees/audit?page=x')).statusCode).toBe(400);
    expect((await call('principal', 'POST', '/admin/fee-plans/999999/invoices')).statusCode).toBe(404);
    expect((await call('principal', 'GET', '/admin/fee-plans/999999/invoices')).statusCode).toBe(404);
    expect((await call('principal', 'GET', '/admin/fee-plans/999999/discounts')).statusCode).toBe(404);
  });

  it('every change to money is in the audit, newest first', async () => {
    const plan = await createPlan({ name: 'Audited plan' });
    await issue(plan.id);
    const yusuf = f.children[1];
    await call('principal', 'PUT', `/admin/fee-plans/${plan.id}/discounts/${yusuf}`, {
      kind: 'fixed',
      amount: 1000,
      reason: 'Audited',
    });
    const invoice = (await invoicesOfPlan(plan.id)).find((i) => i.studentId === yusuf);
    if (!invoice) throw new Error('no invoice');
    await call('principal', 'POST', `/fees/invoices/${invoice.id}/cancel`, { reason: 'Audited cancel' });

    const res = await call('principal', 'GET', '/admin/fees/audit');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 100 });
    expect(body.total).toBeGreaterThanOrEqual(5);
    const entries = AuditEntrySchema.array().parse(body.data);
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [newest] = entries;
    expect(newest).toMatchObject({
      action: 'invoice.cancel',
      entity: 'invoice',
      entityId: invoice.id,
      after: expect.objectContaining({ status: 'cancelled', reason: 'Audited cancel' }),
    });
    expect(newest?.actor).toBeTruthy();
    const mine = await t.db
      .selectFrom('money_audit')
      .select(['action', 'entity', 'entity_id', 'student_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('entity', '=', 'plan'), eb('entity_id', '=', plan.id)]),
          eb.and([eb('entity', '=', 'discount'), eb('entity_id', '=', plan.id)]),
          eb.and([eb('entity', '=', 'invoice'), eb('entity_id', '=', invoice.id)]),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(mine.map((row) => row.action)).toEqual([
      'plan.create',
      'invoice.issue',
      'discount.set',
      'invoice.discount',
      'invoice.cancel',
    ]);
    expect(mine.filter((row) => row.entity !== 'plan').every((row) => row.student_id === yusuf)).toBe(true);
    const issued = await t.db
      .selectFrom('money_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'invoice.issue')
      .where(
        'entity_id',
        'in',
        (await invoicesOfPlan(plan.id)).map((i) => i.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(issued.n)).toBe((await invoicesOfPlan(plan.id)).length);
    expect((await call('principal', 'GET', '/admin/fees/audit?page=999')).json().data).toEqual([]);
  });
});

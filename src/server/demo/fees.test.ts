import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pupilBalance } from '../features/fees/balance.repository.js';
import { currentYear, termOfDay } from '../features/school-years/school-years.repository.js';
import { DiskFileStore } from '../lib/file-store/disk-file-store.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { seedDemoSchool } from './index.js';
import { GUARDIAN } from './people.js';

const TODAY = new Date('2026-11-20T10:00:00Z');

describe.each(TEST_ENGINES)('the demo fee ledger on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seedDemoSchool(t.db, new DiskFileStore(path.join(t.dataDir, 'uploads')), { today: TODAY });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('has a term plan per class with tuition, meals and trips, due in the past', async () => {
    const classes = await t.db.selectFrom('school_class').select('id').execute();
    const plans = await t.db.selectFrom('fee_plan').selectAll().execute();
    const autumn = await t.db
      .selectFrom('school_term')
      .select('id')
      .where('name', '=', 'Autumn 2026')
      .executeTakeFirstOrThrow();
    expect(plans.map((p) => p.class_id).sort()).toEqual(classes.map((c) => c.id).sort());
    for (const plan of plans) {
      expect(plan).toMatchObject({ term: 'Autumn 2026', name: 'Autumn term 2026', currency: 'USD' });
      expect(plan.term_id).toBe(autumn.id);
      expect(plan.due_date).toBe('2026-10-30'); // DEMO_FEES_DUE_DAYS before 20 November
      const items = await t.db
        .selectFrom('fee_plan_item')
        .select(['name'])
        .where('plan_id', '=', plan.id)
        .orderBy('position')
        .execute();
      expect(items.map((i) => i.name)).toEqual(['Tuition', 'Meals', 'Trips']);
    }
  });

  it('has the current school year around today, with three terms, the fees in the first', async () => {
    expect(await currentYear(t.db)).toMatchObject({
      name: '2026–2027',
      firstDay: '2026-09-01',
      lastDay: '2027-07-31',
      current: true,
      terms: [
        { name: 'Autumn 2026', firstDay: '2026-09-01', lastDay: '2026-12-18' },
        { name: 'Spring 2027', firstDay: '2027-01-05', lastDay: '2027-03-27' },
        { name: 'Summer 2027', firstDay: '2027-04-13', lastDay: '2027-07-17' },
      ],
    });
    expect((await termOfDay(t.db, '2026-11-20'))?.name).toBe('Autumn 2026');
    expect(await termOfDay(t.db, '2026-12-25')).toBeUndefined();
  });

  it('invoices every pupil once; some paid in full, some in part, some nothing', async () => {
    const pupils = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('ended_on', 'is', null)
      .execute();
    const invoices = await t.db.selectFrom('invoice').selectAll().execute();
    expect(invoices.map((i) => i.student_id).sort()).toEqual(pupils.map((p) => p.student_id).sort());
    const payments = await t.db.selectFrom('payment').selectAll().execute();
    const paid = new Map<number, number>();
    for (const p of payments) paid.set(p.invoice_id, (paid.get(p.invoice_id) ?? 0) + Number(p.amount));
    const states = invoices.map((i) => {
      const sum = paid.get(i.id) ?? 0;
      expect(sum).toBeLessThanOrEqual(Number(i.total));
      return sum === Number(i.total) ? 'paid' : sum > 0 ? 'partial' : 'unpaid';
    });
    for (const state of ['paid', 'partial', 'unpaid']) expect(states).toContain(state);
    expect(states.filter((s) => s === 'paid').length).toBeGreaterThan(invoices.length / 2);
  });

  it('gives the demo parent’s children an invoice with a part payment, the younger a sibling discount', async () => {
    const parent = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('email_key', '=', GUARDIAN.email)
      .executeTakeFirstOrThrow();
    const children = await t.db
      .selectFrom('guardian')
      .select('student_id')
      .where('parent_id', '=', parent.id)
      .execute();
    expect(children).toHaveLength(2);
    for (const { student_id } of children) {
      const invoice = await t.db
        .selectFrom('invoice')
        .selectAll()
        .where('student_id', '=', student_id)
        .executeTakeFirstOrThrow();
      const balance = await pupilBalance(t.db, student_id);
      expect(balance).toBeGreaterThan(0);
      expect(balance).toBeLessThan(Number(invoice.total));
    }
    const discounts = await t.db.selectFrom('fee_discount').selectAll().execute();
    expect(discounts).toEqual([
      expect.objectContaining({ kind: 'percent', value: 1_000, reason: 'Sibling discount' }),
    ]);
    const invoice = await t.db
      .selectFrom('invoice')
      .selectAll()
      .where('student_id', '=', discounts[0]?.student_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(Number(invoice.discount)).toBe(Number(invoice.subtotal) / 10);
    expect(Number(invoice.total)).toBe(Number(invoice.subtotal) - Number(invoice.discount));
  });

  it('numbers the receipts from 1 without gaps, and audits every change', async () => {
    const payments = await t.db.selectFrom('payment').select(['receipt_no']).orderBy('receipt_no').execute();
    expect(payments.map((p) => p.receipt_no)).toEqual(payments.map((_, i) => i + 1));
    const counter = await t.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(payments.length);
    const audit = await t.db.selectFrom('money_audit').select(['action']).execute();
    const count = (action: string) => audit.filter((a) => a.action === action).length;
    const plans = await t.db.selectFrom('fee_plan').select('id').execute();
    const invoices = await t.db.selectFrom('invoice').select('id').execute();
    expect(count('plan.create')).toBe(plans.length);
    expect(count('invoice.issue')).toBe(invoices.length);
    expect(count('payment.record')).toBe(payments.length);
    expect(count('discount.set')).toBe(1);
  });
});

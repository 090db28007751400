import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverdueRow, Statement, TermOverviewRow } from '../../../shared/api/fees.js';
import { buildApp } from '../../app.js';
import { connectDatabase } from '../../db/connect.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { callAs, withDemoSchool } from '../../test/school-fixtures.js';

/**
 * The term overview keeps its sums until the ledger's data version moves (lib/data-version.ts).
 * A second app on its own connection to the same database stands for a second server process: what
 * it records must show in the first one's next overview.
 */
describe.each(TEST_ENGINES)('the term overview follows the ledger (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await buildApp(t.appConfig, { db: await connectDatabase(t.config), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });

  const totals = async () => {
    const res = await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/admin/fees/overview' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as TermOverviewRow[];
    return {
      collected: rows.reduce((sum, row) => sum + row.collected, 0),
      outstanding: rows.reduce((sum, row) => sum + row.outstanding, 0),
    };
  };

  it('shows a payment and its void made through another server process at once', async () => {
    const before = await totals();
    expect(before.outstanding).toBeGreaterThan(0);
    // Asked twice, the answer is the same (the second from the kept sums).
    expect(await totals()).toEqual(before);

    const overdue = await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/admin/fees/overdue' });
    const owed = (overdue.json().data as OverdueRow[])[0];
    expect(owed?.outstanding).toBeGreaterThan(150);

    const paid = await callAs(other, f, 'principal', {
      method: 'POST',
      url: '/api/fees/payments',
      payload: {
        invoiceId: owed?.invoiceId,
        amount: 150,
        method: 'cash',
        reference: '',
        paidOn: '2026-11-20',
      },
    });
    expect(paid.statusCode).toBe(201);
    expect(await totals()).toEqual({
      collected: before.collected + 150,
      outstanding: before.outstanding - 150,
    });

    const voided = await callAs(other, f, 'principal', {
      method: 'POST',
      url: `/api/fees/payments/${paid.json().data.id}/void`,
      payload: { reason: 'Recorded on the wrong invoice' },
    });
    expect(voided.statusCode).toBe(200);
    expect(await totals()).toEqual(before);
  });

  it('shows a class renamed through another server process at once', async () => {
    const overview = async () =>
      (await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/admin/fees/overview' })).json()
        .data as TermOverviewRow[];
    const row = (await overview())[0];
    expect(row).toBeDefined();
    const renamed = await callAs(other, f, 'principal', {
      method: 'PATCH',
      url: `/api/admin/classes/${row?.classId}`,
      payload: { name: `Renamed ${engine}` },
    });
    expect(renamed.statusCode).toBe(200);
    const names = (await overview()).filter((r) => r.classId === row?.classId).map((r) => r.className);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set([`Renamed ${engine}`]));
  });

  it('shows a pupil’s payment, and a renamed pupil, in the statement at once', async () => {
    const overdue = await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/admin/fees/overdue' });
    const owed = (overdue.json().data as OverdueRow[])[1];
    expect(owed).toBeDefined();
    const statement = async () => {
      const res = await callAs(t.app, f, 'principal', {
        method: 'GET',
        url: `/api/admin/fees/statement/${owed?.studentId}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as Statement;
    };
    const before = await statement();
    // Asked twice, the same (the second from the kept events).
    expect(await statement()).toEqual(before);

    const paid = await callAs(other, f, 'principal', {
      method: 'POST',
      url: '/api/fees/payments',
      payload: {
        invoiceId: owed?.invoiceId,
        amount: 75,
        method: 'cash',
        reference: '',
        paidOn: '2026-11-20',
      },
    });
    expect(paid.statusCode).toBe(201);
    const after = await statement();
    expect(after.balance).toBe(before.balance - 75);
    expect(after.entries).toHaveLength(before.entries.length + 1);
    expect(after.entries.at(-1)).toMatchObject({
      kind: 'payment',
      amount: -75,
      paymentId: paid.json().data.id,
    });

    const renamed = await other.db
      .updateTable('app_user')
      .set({ name: `Renamed pupil ${engine}` })
      .where('id', '=', owed?.studentId ?? 0)
      .executeTakeFirst();
    expect(Number(renamed.numUpdatedRows)).toBe(1);
    expect((await statement()).studentName).toBe(`Renamed pupil ${engine}`);
  });
});

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FEE_MESSAGES,
  type OverdueRow,
  type Statement,
  type TermOverviewRow,
} from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { dateInZone } from '../../../shared/school-time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import {
  insertClass,
  insertInvoice,
  insertPayment,
  insertPerson,
  insertPlan,
  linkGuardian,
} from '../../test/fee-rows.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { type Caller, callAs } from '../../test/school-fixtures.js';
import { pupilBalance } from './balance.repository.js';
import { REPORT_MESSAGES } from './reports.routes.js';

async function pdfText(body: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(body), useSystemFonts: true }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe.each(TEST_ENGINES)('the fee reports (%s)', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);
  const CLASS = 'Reports Class';
  const ids = {} as Record<
    'class' | 'ann' | 'ben' | 'cat' | 'inv1' | 'inv2' | 'inv3' | 'inv4' | 'inv5',
    number
  >;

  const as = (caller: Caller | undefined, method: 'GET' | 'POST', url: string) =>
    callAs(t.app, f, caller, { method, url });

  beforeAll(async () => {
    const db = t.db;
    ids.class = await insertClass(db, CLASS);
    ids.ann = await insertPerson(db, USER_TYPE.student, 'Ann Reports', 'ann.reports@example.org');
    ids.ben = await insertPerson(db, USER_TYPE.student, 'Ben Reports', 'ben.reports@example.org');
    ids.cat = await insertPerson(db, USER_TYPE.student, 'Cat Reports', 'cat.reports@example.org');
    // Ann: an active parent with an email, and a pending one (not mailed).
    await linkGuardian(
      db,
      await insertPerson(db, USER_TYPE.parent, 'Pat Reports', 'pat.reports@example.org'),
      ids.ann,
    );
    await linkGuardian(
      db,
      await insertPerson(db, USER_TYPE.parent, 'Pen Reports', 'pen.reports@example.org', 'pending'),
      ids.ann,
    );
    // Ben: only a pending parent. Cat: nobody.
    await linkGuardian(
      db,
      await insertPerson(db, USER_TYPE.parent, 'Bo Reports', 'bo.reports@example.org', 'pending'),
      ids.ben,
    );
    const past = await insertPlan(db, {
      classId: ids.class,
      name: 'Autumn fees',
      term: 'Test term 1',
      dueDate: '2026-01-10',
    });
    const future = await insertPlan(db, {
      classId: ids.class,
      name: 'Spring fees',
      term: 'Test term 2',
      dueDate: '2099-01-01',
    });
    const pupil = (id: number, name: string) => ({ studentId: id, studentName: name, className: CLASS });
    ids.inv1 = await insertInvoice(db, {
      planId: past,
      ...pupil(ids.ann, 'Ann Reports'),
      total: 50_000,
      issuedAt: '2026-01-02T09:00:00.000Z',
    });
    ids.inv2 = await insertInvoice(db, {
      planId: past,
      ...pupil(ids.ben, 'Ben Reports'),
      total: 30_000,
      issuedAt: '2026-01-02T09:00:00.000Z',
    });
    ids.inv3 = await insertInvoice(db, {
      planId: past,
      ...pupil(ids.cat, 'Cat Reports'),
      total: 20_000,
      issuedAt: '2026-01-02T09:00:00.000Z',
    });
    ids.inv4 = await insertInvoice(db, {
      planId: future,
      ...pupil(ids.cat, 'Cat Reports'),
      total: 10_000,
      issuedAt: '2026-01-03T09:00:00.000Z',
      cancelledAt: '2026-01-04T09:00:00.000Z',
    });
    ids.inv5 = await insertInvoice(db, {
      planId: future,
      ...pupil(ids.ann, 'Ann Reports'),
      total: 7_000,
      issuedAt: '2026-01-06T09:00:00.000Z',
    });
    await insertPayment(db, {
      invoiceId: ids.inv1,
      studentId: ids.ann,
      studentName: 'Ann Reports',
      amount: 20_000,
      createdAt: '2026-01-03T10:00:00.000Z',
    });
    await insertPayment(db, {
      invoiceId: ids.inv1,
      studentId: ids.ann,
      studentName: 'Ann Reports',
      amount: 5_000,
      createdAt: '2026-01-04T10:00:00.000Z',
      voidedAt: '2026-01-05T10:00:00.000Z',
    });
    // Ben paid 50.00 more than owed: credit on the account.
    await insertPayment(db, {
      invoiceId: ids.inv2,
      studentId: ids.ben,
      studentName: 'Ben Reports',
      amount: 35_000,
      applied: 30_000,
      createdAt: '2026-01-03T11:00:00.000Z',
      reference: '=cmd',
    });
  });

  it('sums issued invoices per class and term: billed, collected, outstanding', async () => {
    const res = await as('principal', 'GET', '/api/admin/fees/overview');
    expect(res.statusCode).toBe(200);
    const rows = (res.json().data as TermOverviewRow[]).filter((r) => r.classId === ids.class);
    expect(rows).toEqual([
      {
        classId: ids.class,
        className: CLASS,
        term: 'Test term 2',
        currency: 'USD',
        invoices: 1,
        billed: 7_000,
        collected: 0,
        outstanding: 7_000,
      },
      {
        classId: ids.class,
        className: CLASS,
        term: 'Test term 1',
        currency: 'USD',
        invoices: 3,
        billed: 100_000,
        collected: 50_000,
        outstanding: 50_000,
      },
    ]);
  });

  it('lists the overdue invoices with what is owed, the days overdue and whether a mail can go', async () => {
    const res = await as('principal', 'GET', '/api/admin/fees/overdue');
    expect(res.statusCode).toBe(200);
    const today = dateInZone(new Date(), 'America/New_York');
    const days = Math.round(
      (Date.parse(`${today}T00:00:00Z`) - Date.parse('2026-01-10T00:00:00Z')) / 86_400_000,
    );
    const rows = (res.json().data as OverdueRow[]).filter((r) => r.className === CLASS);
    expect(rows).toEqual([
      {
        invoiceId: ids.inv1,
        studentId: ids.ann,
        studentName: 'Ann Reports',
        className: CLASS,
        planName: 'Autumn fees',
        currency: 'USD',
        outstanding: 30_000,
        dueDate: '2026-01-10',
        daysOverdue: days,
        canEmail: true,
        lastReminderAt: null,
      },
      {
        invoiceId: ids.inv3,
        studentId: ids.cat,
        studentName: 'Cat Reports',
        className: CLASS,
        planName: 'Autumn fees',
        currency: 'USD',
        outstanding: 20_000,
        dueDate: '2026-01-10',
        daysOverdue: days,
        canEmail: false,
        lastReminderAt: null,
      },
    ]);
  });

  it('mails a reminder to each active guardian with an email and records when', async () => {
    const res = await as('principal', 'POST', `/api/admin/fees/invoices/${ids.inv1}/reminder`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { emailed: 1 } });
    const invoice = await t.db
      .selectFrom('invoice')
      .select('last_reminder_at')
      .where('id', '=', ids.inv1)
      .executeTakeFirstOrThrow();
    expect(invoice.last_reminder_at).not.toBeNull();
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address'])
      .where('kind', '=', 'fee-reminder')
      .execute();
    expect(outbox).toEqual([{ kind: 'fee-reminder', to_address: 'pat.reports@example.org' }]);
    await sendMail(t);
    const [mail] = smtp.to('pat.reports@example.org');
    expect(mail?.subject).toBe('Fees reminder: $300.00 owed for Ann Reports');
    expect(mail?.text).toContain(
      `$300.00 is still owed on invoice ${ids.inv1} for Autumn fees (Test term 1) of Ann Reports, ${CLASS}. It was due on Saturday, 10 January 2026.`,
    );
    expect(mail?.text).toContain('/fees');
    const overdue = (await as('principal', 'GET', '/api/admin/fees/overdue')).json().data as OverdueRow[];
    expect(overdue.find((r) => r.invoiceId === ids.inv1)?.lastReminderAt).toBe(invoice.last_reminder_at);
  });

  it('refuses a reminder without a guardian email, with nothing owed, or for an unknown invoice', async () => {
    const noEmail = await as('principal', 'POST', `/api/admin/fees/invoices/${ids.inv3}/reminder`);
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().error).toMatchObject({
      code: 'NO_GUARDIAN_EMAIL',
      message: FEE_MESSAGES.noGuardianEmail,
    });
    const paid = await as('principal', 'POST', `/api/admin/fees/invoices/${ids.inv2}/reminder`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatchObject({ code: 'NOTHING_OWED', message: REPORT_MESSAGES.nothingOwed });
    const cancelled = await as('principal', 'POST', `/api/admin/fees/invoices/${ids.inv4}/reminder`);
    expect(cancelled.statusCode).toBe(409);
    expect((await as('principal', 'POST', '/api/admin/fees/invoices/999999/reminder')).statusCode).toBe(404);
    expect((await as('principal', 'POST', '/api/admin/fees/invoices/abc/reminder')).statusCode).toBe(400);
    const stamped = await t.db
      .selectFrom('invoice')
      .select('last_reminder_at')
      .where('id', 'in', [ids.inv2, ids.inv3, ids.inv4])
      .execute();
    expect(stamped.every((row) => row.last_reminder_at === null)).toBe(true);
  });

  it('prints a reminder letter with the school, the pupil, what is owed and the due date', async () => {
    const res = await as('principal', 'GET', `/api/admin/fees/invoices/${ids.inv3}/reminder.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    const settings = await t.db.selectFrom('school_settings').select(['name']).executeTakeFirstOrThrow();
    expect(text).toContain(settings.name);
    expect(text).toContain('To the parents or guardians of Cat Reports, Reports Class');
    expect(text).toContain('$200.00');
    expect(text).toContain('Saturday, 10 January 2026');
    expect(
      (await as('principal', 'GET', `/api/admin/fees/invoices/${ids.inv2}/reminder.pdf`)).statusCode,
    ).toBe(409);
    expect((await as('principal', 'GET', '/api/admin/fees/invoices/999999/reminder.pdf')).statusCode).toBe(
      404,
    );
    expect((await as('principal', 'GET', '/api/admin/fees/invoices/0/reminder.pdf')).statusCode).toBe(400);
  });

  it('gives a pupil’s statement with a running balance that ends at the pupil’s balance', async () => {
    const res = await as('principal', 'GET', `/api/admin/fees/statement/${ids.ann}`);
    expect(res.statusCode).toBe(200);
    const statement = res.json().data as Statement;
    expect(statement.studentName).toBe('Ann Reports');
    expect(statement.currency).toBe('USD');
    expect(statement.entries.map((e) => [e.date, e.kind, e.amount, e.balance])).toEqual([
      ['2026-01-02T09:00:00.000Z', 'invoice', 50_000, 50_000],
      ['2026-01-03T10:00:00.000Z', 'payment', -20_000, 30_000],
      ['2026-01-04T10:00:00.000Z', 'payment', -5_000, 25_000],
      ['2026-01-05T10:00:00.000Z', 'void', 5_000, 30_000],
      ['2026-01-06T09:00:00.000Z', 'invoice', 7_000, 37_000],
    ]);
    expect(statement.balance).toBe(37_000);
    for (const pupil of [ids.ann, ids.ben, ids.cat, f.children[0], f.children[1]]) {
      const data = (await as('principal', 'GET', `/api/admin/fees/statement/${pupil}`)).json()
        .data as Statement;
      expect(data.balance).toBe(await pupilBalance(t.db, pupil));
      expect(data.entries.at(-1)?.balance ?? 0).toBe(data.balance);
    }
    const ben = (await as('principal', 'GET', `/api/admin/fees/statement/${ids.ben}`)).json()
      .data as Statement;
    expect(ben.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['invoice', 30_000, 30_000],
      ['payment', -30_000, 0],
      ['credit', -5_000, -5_000],
    ]);
    const cat = (await as('principal', 'GET', `/api/admin/fees/statement/${ids.cat}`)).json()
      .data as Statement;
    expect(cat.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['invoice', 20_000, 20_000],
      ['invoice', 10_000, 30_000],
      ['cancellation', -10_000, 20_000],
    ]);
    const newcomer = await insertPerson(t.db, USER_TYPE.student, 'Dee Reports', 'dee.reports@example.org');
    expect((await as('principal', 'GET', `/api/admin/fees/statement/${newcomer}`)).json().data).toEqual({
      studentId: newcomer,
      studentName: 'Dee Reports',
      currency: 'USD',
      entries: [],
      balance: 0,
    });
    expect((await as('principal', 'GET', `/api/admin/fees/statement/${f.users.teacher}`)).statusCode).toBe(
      404,
    );
    expect((await as('principal', 'GET', '/api/admin/fees/statement/999999')).statusCode).toBe(404);
    expect((await as('principal', 'GET', '/api/admin/fees/statement/x1')).statusCode).toBe(400);
  });

  it('exports every invoice and payment as CSV with exact decimal amounts', async () => {
    const res = await as('principal', 'GET', '/api/admin/fees/ledger.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fee-ledger-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Kind,Number,Receipt no.,Invoice,Recorded at,Pupil id,Pupil,Class,Plan,Term,Currency,Subtotal,Discount,Amount,Applied,Credit,Method,Reference,Due or paid on,Status,Cancelled or voided at,Reason',
    );
    expect(lines).toContain(
      `invoice,${ids.inv4},,${ids.inv4},2026-01-03T09:00:00.000Z,${ids.cat},Cat Reports,${CLASS},Spring fees,Test term 2,USD,100.00,0.00,100.00,,,,,2099-01-01,cancelled,2026-01-04T09:00:00.000Z,Left the school`,
    );
    const benPayment = lines.find((line) => line.startsWith('payment,') && line.includes('Ben Reports'));
    expect(benPayment).toMatch(
      new RegExp(
        `^payment,\\d+,\\d+,${ids.inv2},2026-01-03T11:00:00.000Z,${ids.ben},Ben Reports,${CLASS},Autumn fees,Test term 1,USD,,,350.00,300.00,50.00,cash,'=cmd,2026-01-03,standing,,$`,
      ),
    );
    const invoices = await t.db.selectFrom('invoice').select('id').execute();
    const payments = await t.db.selectFrom('payment').select('id').execute();
    expect(lines.filter((l) => l.startsWith('invoice,'))).toHaveLength(invoices.length);
    expect(lines.filter((l) => l.startsWith('payment,'))).toHaveLength(payments.length);
  });

  it('lets only the principal see the reports', async () => {
    const urls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/fees/overview'],
      ['GET', '/api/admin/fees/overdue'],
      ['POST', `/api/admin/fees/invoices/${ids.inv1}/reminder`],
      ['GET', `/api/admin/fees/invoices/${ids.inv1}/reminder.pdf`],
      ['GET', `/api/admin/fees/statement/${f.children[0]}`],
      ['GET', '/api/admin/fees/ledger.csv'],
    ];
    for (const [method, url] of urls) {
      for (const caller of ['teacher', 'student', 'parent', 'director'] as const) {
        expect((await as(caller, method, url)).statusCode, `${caller} ${url}`).toBe(403);
      }
      expect((await as(undefined, method, url)).statusCode).toBe(401);
    }
  });
});

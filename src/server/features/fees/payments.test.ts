import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FEE_ERROR_CODES, FEE_MESSAGES, IDEMPOTENCY_HEADER, type Payment } from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { formatMoney, MAX_AMOUNT } from '../../../shared/rules/money.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { cancelTestInvoice, insertTestInvoice } from '../../test/test-invoice.js';
import { heldCredit, outstandingOnInvoice, pupilBalance } from './balance.repository.js';
import { RECEIPT_TEXTS, SCHOOL_COLOUR } from './receipt-pdf.js';

const PAID_ON = '2026-11-20';
/** pdfjs reads the widths of the PDF's built-in Helvetica from its own font files. */
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, as pdfjs reads it. */
async function pdfText(body: Buffer): Promise<string> {
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(body),
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

describe.each(TEST_ENGINES)('payments and receipts (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const invoiceFor = (studentId: number, amounts: number[] = [30_000, 12_550]) =>
    insertTestInvoice(t.db, {
      studentId,
      items: amounts.map((amount, n) => ({ name: n === 0 ? 'Tuition' : `Item ${n}`, amount })),
    });

  const pay = (body: Record<string, unknown>, key?: string) =>
    callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/fees/payments',
      headers: key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key },
      payload: { method: 'cash', paidOn: PAID_ON, ...body },
    });

  it('partial payments add up; the rest brings the invoice to 0', async () => {
    const { invoiceId, total } = await invoiceFor(f.children[1]);
    const first = await pay({ invoiceId, amount: 10_000, reference: 'Slip 1' });
    expect(first.statusCode, first.body).toBe(201);
    const one = first.json().data as Payment;
    expect(one).toMatchObject({ invoiceId, amount: 10_000, applied: 10_000, credit: 0, reference: 'Slip 1' });
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(total - 10_000);
    const second = await pay({ invoiceId, amount: total - 10_000, method: 'bank_transfer' });
    expect(second.statusCode, second.body).toBe(201);
    const two = second.json().data as Payment;
    expect(two.receiptNo).toBeGreaterThan(one.receiptNo);
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(0);
    expect(two.balanceAfter).toBe(await pupilBalance(t.db, f.children[1]));
    const audit = await t.db
      .selectFrom('money_audit')
      .select(['action', 'actor_name'])
      .where('entity', '=', 'payment')
      .where('entity_id', '=', two.id)
      .execute();
    expect(audit).toEqual([{ action: 'payment.record', actor_name: expect.any(String) }]);
  });

  it('more than the outstanding amount: 409 with the amount, nothing written', async () => {
    const { invoiceId } = await invoiceFor(f.children[1], [5_000]);
    await pay({ invoiceId, amount: 2_000 });
    const before = await t.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow();
    const res = await pay({ invoiceId, amount: 3_001 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(FEE_MESSAGES.aboveOutstanding(formatMoney(3_000, 'USD')));
    const after = await t.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow();
    expect(after.last_number).toBe(before.last_number);
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(3_000);
  });

  it('asCredit: the invoice is paid and the rest is credit on the pupil’s account', async () => {
    const pupil = await userWithSession(t.db, USER_TYPE.student, 'Credit Pupil');
    await t.db
      .insertInto('enrolment')
      .values({ student_id: pupil.id, class_id: f.classes.KG, started_on: '2026-09-01', ended_on: null })
      .execute();
    const { invoiceId, total } = await invoiceFor(pupil.id, [8_000]);
    const res = await pay({ invoiceId, amount: 10_000, asCredit: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ applied: total, credit: 2_000, balanceAfter: -2_000 });
    expect(await pupilBalance(t.db, pupil.id)).toBe(-2_000);
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(0);
  });

  it('a cancelled invoice takes no payment (409); an unknown one is 404; a future date 400', async () => {
    const { invoiceId } = await invoiceFor(f.children[1], [1_000]);
    await cancelTestInvoice(t.db, invoiceId);
    const cancelled = await pay({ invoiceId, amount: 500 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe(FEE_MESSAGES.invoiceCancelled);
    expect((await pay({ invoiceId: 999_999, amount: 500 })).statusCode).toBe(404);
    const open = await invoiceFor(f.children[1], [1_000]);
    const future = await pay({ invoiceId: open.invoiceId, amount: 500, paidOn: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(FEE_MESSAGES.paidInFuture);
  });

  it('bad bodies and bad keys answer 400, never 500', async () => {
    const { invoiceId } = await invoiceFor(f.children[1], [1_000]);
    const bodies: unknown[] = [
      {},
      { invoiceId, amount: 0 },
      { invoiceId, amount: -5 },
      { invoiceId, amount: 1.5 },
      { invoiceId, amount: '100' },
      { invoiceId, amount: 1e16 },
      { invoiceId, amount: 100, method: 'cheque' },
      { invoiceId, amount: 100, paidOn: '2026-02-30' },
      { invoiceId, amount: 100, reference: 'x'.repeat(101) },
      { invoiceId: 'one', amount: 100 },
      { invoiceId, amount: 100, asCredit: 'yes' },
    ];
    for (const body of bodies) {
      const res = await callAs(t.app, f, 'principal', {
        method: 'POST',
        url: '/api/fees/payments',
        payload: { method: 'cash', paidOn: PAID_ON, ...(body as object) },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const key of ['', 'with space', 'é', 'k'.repeat(201)]) {
      const res = await pay({ invoiceId, amount: 100 }, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error.message).toBe(FEE_MESSAGES.badIdempotencyKey);
    }
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(1_000);
  });

  it('an amount with a fraction of a minor unit is a 400 saying so, and records nothing', async () => {
    const { invoiceId } = await invoiceFor(f.children[1], [1_000]);
    for (const amount of [12.5, 1234.5, 0.5]) {
      const res = await pay({ invoiceId, amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `amount: ${FEE_MESSAGES.amountNotWhole}`,
        details: [{ field: 'amount', message: FEE_MESSAGES.amountNotWhole }],
      });
    }
    // Too large or below 1 keeps its own message: those are not fractions.
    for (const amount of [0, 1e16]) {
      const res = await pay({ invoiceId, amount });
      expect(res.statusCode, String(amount)).toBe(400);
      const { message, details } = res.json().error as { message: string; details: { message: string }[] };
      expect(message).toMatch(new RegExp(`^amount: ${FEE_MESSAGES.paymentAmountInvalid}`));
      expect(details.map((detail) => detail.message)).not.toContain(FEE_MESSAGES.amountNotWhole);
    }
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(1_000);
  });

  it('one Idempotency-Key sent 20 times at once records one payment and answers it 20 times', async () => {
    const { invoiceId } = await invoiceFor(f.children[1], [50_000]);
    const key = `pay-${engine}-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay({ invoiceId, amount: 20_000 }, key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    const rows = await t.db.selectFrom('payment').select('id').where('invoice_id', '=', invoiceId).execute();
    expect(rows).toHaveLength(1);
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(30_000);
    // Later, the same key: the same answer; with another request: 409.
    const again = await pay({ invoiceId, amount: 20_000 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(answers[0]?.body);
    const other = await pay({ invoiceId, amount: 20_001 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(FEE_MESSAGES.idempotencyKeyReused);
  });

  it('one key with two different requests at once: one payment, the other answer 409', async () => {
    // Two invoices, so neither request waits on the other's invoice lock: the loser's insert meets
    // the key's unique index, and its answer comes from the winner's payment.
    const a = await invoiceFor(f.children[1], [2_000]);
    const b = await invoiceFor(f.children[1], [2_000]);
    const key = `race-${engine}-${Date.now()}`;
    const answers = await Promise.all([
      pay({ invoiceId: a.invoiceId, amount: 1_000 }, key),
      pay({ invoiceId: b.invoiceId, amount: 1_000 }, key),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.selectFrom('payment').select('id').where('idempotency_key', '=', key).execute();
    expect(rows).toHaveLength(1);
  });

  it('50 payments at once get 50 receipt numbers in one sequence without gaps', async () => {
    const invoices = [];
    for (let n = 0; n < 50; n += 1) invoices.push(await invoiceFor(f.children[n % 2] as number, [1_000]));
    const answers = await Promise.all(
      invoices.map((invoice, n) =>
        pay({ invoiceId: invoice.invoiceId, amount: 1_000 }, `seq-${engine}-${n}`),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const numbers = answers.map((res) => (res.json().data as Payment).receiptNo).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    const first = numbers[0] as number;
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, n) => first + n));
    const counter = await t.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(first + 49);
  });

  it('voiding a payment gives the balance back; a second void is 409', async () => {
    const { invoiceId } = await invoiceFor(f.children[1], [4_000]);
    const before = await pupilBalance(t.db, f.children[1]);
    const paid = (await pay({ invoiceId, amount: 4_000 })).json().data as Payment;
    expect(await pupilBalance(t.db, f.children[1])).toBe(before - 4_000);
    const voidIt = (reason: unknown) =>
      callAs(t.app, f, 'principal', {
        method: 'POST',
        url: `/api/fees/payments/${paid.id}/void`,
        payload: { reason },
      });
    expect((await voidIt('')).statusCode).toBe(400);
    const voided = await voidIt('Counted twice');
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ id: paid.id, voidReason: 'Counted twice' });
    expect(voided.json().data.voidedAt).toEqual(expect.any(String));
    expect(await pupilBalance(t.db, f.children[1])).toBe(before);
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(4_000);
    const twice = await voidIt('Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(FEE_MESSAGES.alreadyVoided);
    expect(
      (
        await callAs(t.app, f, 'principal', {
          method: 'POST',
          url: '/api/fees/payments/999999/void',
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const audit = await t.db
      .selectFrom('money_audit')
      .select('action')
      .where('entity', '=', 'payment')
      .where('entity_id', '=', paid.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['payment.record', 'payment.void']);
  });

  it('the receipt PDF: number, amount, items, balance; VOID once voided; for the principal and the guardians', async () => {
    const { invoiceId } = await invoiceFor(f.children[0], [30_000, 12_550]);
    const paid = (
      await pay({ invoiceId, amount: 12_550, method: 'bank_transfer', reference: 'TRX-77' })
    ).json().data as Payment;
    const receipt = (caller: 'principal' | 'parent' | 'student' | 'teacher') =>
      callAs(t.app, f, caller, { url: `/api/fees/payments/${paid.id}/receipt.pdf` });
    const res = await receipt('principal');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Receipt No. ${paid.receiptNo}`);
    expect(text).toContain(formatMoney(12_550, 'USD'));
    expect(text).toContain('Tuition');
    expect(text).toContain('Bank transfer');
    expect(text).toContain('TRX-77');
    expect(text).toContain(paid.studentName);
    expect(text).not.toContain('VOID');

    expect((await receipt('parent')).statusCode).toBe(200);
    expect((await receipt('student')).statusCode).toBe(403);
    expect((await receipt('teacher')).statusCode).toBe(403);
    const stranger = await userWithSession(t.db, USER_TYPE.parent, 'Another Parent');
    const other = await t.app.inject({
      url: `/api/fees/payments/${paid.id}/receipt.pdf`,
      headers: bearer(stranger.token),
    });
    expect(other.statusCode).toBe(404);

    await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/fees/payments/${paid.id}/void`,
      payload: { reason: 'Bounced' },
    });
    expect(await pdfText((await receipt('principal')).rawPayload)).toContain('VOID');
  });

  it('the receipt: the school’s logo and colour, dates in words in its zone, the invoice’s rest and the pupil’s balance apart', async () => {
    const streamsOf = (pdf: Buffer): string =>
      [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
        .map((match) => {
          try {
            return inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
          } catch {
            return '';
          }
        })
        .join('\n');
    const { invoiceId } = await invoiceFor(f.children[0], [30_000]);
    const first = (await pay({ invoiceId, amount: 10_000 })).json().data as Payment;
    const second = (await pay({ invoiceId, amount: 5_000 })).json().data as Payment;
    // Recorded at 20:00 UTC on the 26th: the 27th in Tokyo, the school's zone.
    await t.db
      .updateTable('payment')
      .set({ created_at: '2026-11-26T20:00:00.000Z' })
      .where('id', '=', second.id)
      .execute();
    const saved = await t.db
      .selectFrom('school_settings')
      .select(['time_zone', 'logo'])
      .executeTakeFirstOrThrow();
    await t.db.updateTable('school_settings').set({ time_zone: 'Asia/Tokyo' }).execute();
    const receiptOf = async (payment: Payment) =>
      (await callAs(t.app, f, 'principal', { url: `/api/fees/payments/${payment.id}/receipt.pdf` }))
        .rawPayload;
    try {
      const pdf = await receiptOf(second);
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toContain('Date: Friday, 20 November 2026');
      expect(text).toContain('on Friday, 27 November 2026.');
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      // After the second payment the invoice still asks for 150.00; the pupil's whole balance is its own line.
      expect(text).toContain(`${RECEIPT_TEXTS.stillToPay} ${formatMoney(15_000, 'USD')}`);
      const balanceLine = second.balanceAfter < 0 ? RECEIPT_TEXTS.credit : RECEIPT_TEXTS.balance;
      expect(text).toContain(`${balanceLine} ${formatMoney(Math.abs(second.balanceAfter), 'USD')}`);
      // The first payment's receipt reads as it did that day: 200.00 was still to pay.
      expect((await pdfText(await receiptOf(first))).replace(/\s+/g, ' ')).toContain(
        `${RECEIPT_TEXTS.stillToPay} ${formatMoney(20_000, 'USD')}`,
      );
      // The school's colour, and its default logo drawn (no picture) while it has none.
      expect(streamsOf(pdf)).toMatch(/0\.76078\d* 0\.2549\d* 0\.04705\d* scn/);
      expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');

      // An uploaded logo (a WebP of the media library) is printed as a picture.
      const logo = 'media/0123456789abcdef0123456789abcdef-400.webp';
      const webp = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2255aa' } })
        .webp()
        .toBuffer();
      if (!(await t.app.files.stat(logo))) await t.app.files.putBytes(logo, webp);
      await t.db.updateTable('school_settings').set({ logo }).execute();
      expect((await receiptOf(second)).toString('latin1')).toContain('/Subtype /Image');
    } finally {
      await t.db
        .updateTable('school_settings')
        .set({ time_zone: saved.time_zone, logo: saved.logo })
        .execute();
    }
  });

  it('the school’s colour on receipts is the site’s', async () => {
    const css = await readFile(path.resolve('src/web/styles/app.css'), 'utf8');
    expect(css).toContain(`--sy-primary: ${SCHOOL_COLOUR};`);
  });

  it('only the principal records and voids payments', async () => {
    const { invoiceId } = await invoiceFor(f.children[1], [1_000]);
    for (const caller of ['parent', 'student', 'teacher'] as const) {
      const res = await callAs(t.app, f, caller, {
        method: 'POST',
        url: '/api/fees/payments',
        payload: { invoiceId, amount: 100, method: 'cash', paidOn: PAID_ON },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await outstandingOnInvoice(t.db, invoiceId)).toBe(1_000);
  });

  /** A pupil of their own in KG, so that the credit these tests pile up meets no other test. */
  const pupilOfItsOwn = async (name: string) => {
    const pupil = await userWithSession(t.db, USER_TYPE.student, name);
    await t.db
      .insertInto('enrolment')
      .values({ student_id: pupil.id, class_id: f.classes.KG, started_on: '2026-09-01', ended_on: null })
      .execute();
    return pupil.id;
  };
  const receiptCounter = async () =>
    (await t.db.selectFrom('receipt_counter').select('last_number').executeTakeFirstOrThrow()).last_number;

  it('credit stays within the money maximum: beyond it 409 CREDIT_ABOVE_MAXIMUM, nothing written', async () => {
    const pupil = await pupilOfItsOwn('Rich Pupil');
    const first = await invoiceFor(pupil, [100]);
    const paid = await pay({ invoiceId: first.invoiceId, amount: MAX_AMOUNT, asCredit: true });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ credit: MAX_AMOUNT - 100, balanceAfter: -(MAX_AMOUNT - 100) });

    // A second credit of the largest amount would take the pupil to almost twice the maximum.
    const second = await invoiceFor(pupil, [100]);
    const counterBefore = await receiptCounter();
    const refused = await pay({ invoiceId: second.invoiceId, amount: MAX_AMOUNT, asCredit: true });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({
      code: FEE_ERROR_CODES.creditAboveMaximum,
      message: FEE_MESSAGES.creditAboveMaximum(formatMoney(MAX_AMOUNT, 'USD'), formatMoney(100, 'USD')),
      details: { credit: MAX_AMOUNT - 100, maximum: MAX_AMOUNT },
    });
    expect(await receiptCounter()).toBe(counterBefore);
    expect(await outstandingOnInvoice(t.db, second.invoiceId)).toBe(100);
    expect(await pupilBalance(t.db, pupil)).toBe(100 - (MAX_AMOUNT - 100));

    // Up to the maximum exactly is fine; one minor unit more is not; paying without credit always is.
    const toTheBrim = await pay({ invoiceId: second.invoiceId, amount: 50 + 100, asCredit: true });
    expect(toTheBrim.statusCode, toTheBrim.body).toBe(201);
    const third = await invoiceFor(pupil, [100]);
    expect((await pay({ invoiceId: third.invoiceId, amount: 151, asCredit: true })).statusCode).toBe(409);
    expect((await pay({ invoiceId: third.invoiceId, amount: 50 })).statusCode).toBe(201);
    const brim = await pay({ invoiceId: third.invoiceId, amount: 50 + 50, asCredit: true });
    expect(brim.statusCode, brim.body).toBe(201);
    expect(await heldCredit(t.db, { studentId: pupil, invoiceId: third.invoiceId })).toBe(MAX_AMOUNT);
    expect(await pupilBalance(t.db, pupil)).toBe(-MAX_AMOUNT);
    expect((await pay({ invoiceId: third.invoiceId, amount: 1, asCredit: true })).statusCode).toBe(409);

    // Voiding the large credit gives its room back.
    const voided = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/fees/payments/${(paid.json().data as Payment).id}/void`,
      payload: { reason: 'Typed too many zeros' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const again = await pay({ invoiceId: first.invoiceId, amount: 100 + 1_000, asCredit: true });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('two credits at once on two invoices of one pupil: only what fits is recorded', async () => {
    const pupil = await pupilOfItsOwn('Racing Pupil');
    const invoices = await Promise.all([invoiceFor(pupil, [100]), invoiceFor(pupil, [100])]);
    // Each fits alone (credit MAX_AMOUNT - 100); both together would not.
    const answers = await Promise.all(
      invoices.map(({ invoiceId }) => pay({ invoiceId, amount: MAX_AMOUNT, asCredit: true })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await heldCredit(t.db, { studentId: pupil, invoiceId: 0 })).toBe(MAX_AMOUNT - 100);
  });
});

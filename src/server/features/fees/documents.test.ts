import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { linkGuardian } from '../../test/fee-rows.js';
import { bearer, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { insertTestInvoice } from '../../test/test-invoice.js';

/**
 * The fee documents in every script and in their reader's language
 * (docs/decisions/0060-documents-in-every-script.md): what a PDF reader copies out of a receipt is
 * the names and references as they were typed, and each reader gets their own language.
 */

interface TextItem {
  str: string;
  /** Where the item starts on the page, in points from the left. */
  x: number;
}

/** The text items of a PDF's first page as pdfjs reads them (its text layer: copy, search). */
async function pdfItems(body: Buffer): Promise<TextItem[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() !== '' ? [{ str: item.str, x: item.transform[4] as number }] : [],
  );
}

/**
 * The page's text, one item after another. NFKC folds Arabic presentation forms (ﻣ) into letters (م),
 * should a reader give them; with these fonts pdfjs already gives the letters.
 */
const textOf = (items: TextItem[]): string =>
  items
    .map((item) => item.str)
    .join(' ')
    .normalize('NFKC')
    .replace(/\s+/g, ' ');

const A4_WIDTH = 595.28;
const PAID_ON = '2026-11-20';

describe.each(TEST_ENGINES)('fee documents in every script and language (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let savedLanguages: { language: string; languages: string };

  beforeAll(async () => {
    savedLanguages = await t.db
      .selectFrom('school_settings')
      .select(['language', 'languages'])
      .executeTakeFirstOrThrow();
    await t.db.updateTable('school_settings').set({ language: 'en', languages: 'en,fr,ar' }).execute();
  });
  afterAll(async () => {
    await t.db.updateTable('school_settings').set(savedLanguages).execute();
  });

  /** A pupil of their own with one guardian (in `language`), an invoice and a payment on it. */
  async function paidFamily(pupilName: string, parentName: string, language: string, reference: string) {
    const pupil = await userWithSession(t.db, USER_TYPE.student, pupilName);
    await t.db
      .insertInto('enrolment')
      .values({ student_id: pupil.id, class_id: f.classes.KG, started_on: '2026-09-01', ended_on: null })
      .execute();
    const parent = await userWithSession(t.db, USER_TYPE.parent, parentName);
    await t.db.updateTable('app_user').set({ language }).where('id', '=', parent.id).execute();
    await linkGuardian(t.db, parent.id, pupil.id);
    const { invoiceId } = await insertTestInvoice(t.db, {
      studentId: pupil.id,
      items: [{ name: 'Tuition', amount: 30_000 }],
    });
    const res = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/fees/payments',
      payload: { invoiceId, amount: 12_550, method: 'bank_transfer', paidOn: PAID_ON, reference },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { pupil, parent, invoiceId, payment: res.json().data as Payment };
  }

  const receiptFor = async (token: string, payment: Payment) => {
    const res = await t.app.inject({
      url: `/api/fees/payments/${payment.id}/receipt.pdf`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  it('a receipt prints Latin with every accent, Greek, Cyrillic and Arabic names as they were typed', async () => {
    const families = [
      ['Łukasz Żółć', 'Ewa Żółć', 'VAL-Ł-002'],
      ['مريم الحسيني', 'خديجة الحسيني', 'تحويل بنكي'],
      ['Αλέξανδρος Παπαδόπουλος', 'Ελένη Παπαδοπούλου', 'ΑΠ-17'],
      ['Дмитрий Иванов', 'Ольга Иванова', 'ПЛ-42'],
    ] as const;
    for (const [pupilName, parentName, reference] of families) {
      const { parent, payment } = await paidFamily(pupilName, parentName, 'en', reference);
      const items = await pdfItems(await receiptFor(parent.token, payment));
      const text = textOf(items);
      expect(text).toContain(`Receipt No. ${payment.receiptNo}`);
      expect(text).toContain(pupilName);
      expect(text).toContain(reference);
      expect(text).not.toContain('VAL-Ó');
    }
  });

  it('a French parent gets the receipt in French; the principal gets it in theirs', async () => {
    const { parent, payment } = await paidFamily('Łukasz Żółć', 'Anne Żółć', 'fr', 'VAL-Ł-002');
    const french = textOf(await pdfItems(await receiptFor(parent.token, payment)));
    expect(french).toContain(`Reçu n° ${payment.receiptNo}`);
    expect(french).toContain('Élève : Łukasz Żółć');
    expect(french).toContain('vendredi 20 novembre 2026');
    expect(french).toContain('Reste à payer sur cette facture');
    expect(french).toContain('Virement bancaire');
    expect(french).toContain('VAL-Ł-002');
    expect(french).not.toContain('Receipt No.');

    const principal = await callAs(t.app, f, 'principal', {
      url: `/api/fees/payments/${payment.id}/receipt.pdf`,
    });
    const english = textOf(await pdfItems(principal.rawPayload));
    expect(english).toContain(`Receipt No. ${payment.receiptNo}`);
    expect(english).toContain('Date: Friday, 20 November 2026');
  });

  it('an Arabic parent gets the receipt in Arabic, laid out from the right', async () => {
    const { parent, payment } = await paidFamily('مريم الحسيني', 'خديجة الحسيني', 'ar', 'VAL-Ł-002');
    const items = await pdfItems(await receiptFor(parent.token, payment));
    const text = textOf(items);
    expect(text).toContain('إيصال رقم');
    expect(text).toContain('مريم الحسيني');
    expect(text).toContain('المتبقي للدفع على هذه الفاتورة');
    expect(text).toContain('VAL-Ł-002');
    expect(text).not.toContain('Receipt');
    // The title and the labels end at the right margin; the amounts stand in the left column.
    const title = items.find((item) => item.str.includes('إيصال رقم'));
    expect(title?.x).toBeGreaterThan(A4_WIDTH / 2);
    const label = items.find((item) => item.str.includes('المبلغ المدفوع'));
    expect(label?.x).toBeGreaterThan(A4_WIDTH / 2);
    const amounts = items.filter((item) => item.str.includes('125.50'));
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount.x).toBeLessThan(A4_WIDTH / 2);
  });

  it('the reminder letter and mail are in the guardian’s language', async () => {
    const { invoiceId } = await paidFamily('Łukasz Żółć', 'Marie Żółć', 'fr', 'VAL-Ł-003');
    const letter = await callAs(t.app, f, 'principal', {
      url: `/api/admin/fees/invoices/${invoiceId}/reminder.pdf`,
    });
    expect(letter.statusCode, letter.body).toBe(200);
    const text = textOf(await pdfItems(letter.rawPayload));
    expect(text).toContain('Rappel de frais de scolarité');
    expect(text).toContain('Aux parents ou responsables légaux de Łukasz Żółć');
    expect(text).toContain('mardi 1 décembre 2026');
    expect(text).not.toContain('Fees reminder');

    const sent = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/admin/fees/invoices/${invoiceId}/reminder`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'fee-reminder')
      .where('to_name', '=', 'Marie Żółć')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^Rappel de frais de scolarité : 174,50\s\$US dus pour Łukasz Żółć$/);
    expect(mail.text_body).toContain('Vous pouvez régler au secrétariat de l’école');
  });

  it('an Arabic guardian’s letter is in Arabic', async () => {
    const { invoiceId } = await paidFamily('مريم الحسيني', 'سارة الحسيني', 'ar', 'VAL-Ł-004');
    const letter = await callAs(t.app, f, 'principal', {
      url: `/api/admin/fees/invoices/${invoiceId}/reminder.pdf`,
    });
    expect(letter.statusCode, letter.body).toBe(200);
    const items = await pdfItems(letter.rawPayload);
    const text = textOf(items);
    expect(text).toContain('تذكير بالرسوم');
    expect(text).toContain('مريم الحسيني');
    const heading = items.find((item) => item.str.includes('تذكير بالرسوم'));
    expect(heading?.x).toBeGreaterThan(A4_WIDTH / 2);
  });

  it('CSV headers are in the downloader’s language', async () => {
    const principal = f.users.principal;
    const { language } = await t.db
      .selectFrom('app_user')
      .select('language')
      .where('id', '=', principal)
      .executeTakeFirstOrThrow();
    const firstLine = async (url: string) =>
      (await callAs(t.app, f, 'principal', { url })).body.replace(/^\uFEFF/, '').split('\r\n')[0];
    try {
      await t.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', principal).execute();
      expect(await firstLine('/api/admin/fees/ledger.csv')).toMatch(/^Type,Numéro,N° de reçu,Facture,/);
      expect(await firstLine('/api/admin/newsletter.csv')).toBe('nom,e-mail,inscrit_le,confirmé_le');
      await t.db.updateTable('app_user').set({ language: 'ar' }).where('id', '=', principal).execute();
      expect(await firstLine('/api/admin/fees/ledger.csv')).toMatch(/^النوع,الرقم,رقم الإيصال,/);
    } finally {
      await t.db.updateTable('app_user').set({ language }).where('id', '=', principal).execute();
    }
    expect(await firstLine('/api/admin/newsletter.csv')).toBe('name,email,subscribed_at,confirmed_at');
  });
});

import PDFDocument from 'pdfkit';
import { PAYMENT_METHOD_LABELS, type Payment } from '../../../shared/api/fees.js';
import { formatMoney } from '../../../shared/rules/money.js';

/** What a receipt shows besides the payment itself. */
export interface ReceiptDetails {
  school: { name: string; address: string };
  payment: Payment;
  className: string;
  planName: string;
  term: string;
  lines: { name: string; amount: number }[];
  invoiceTotal: number;
}

/**
 * The receipt of one payment as a PDF (pdfkit, its built-in Helvetica): the school's name and
 * address from the settings, the receipt number, the pupil and class, the invoice's items, what was
 * paid and how, and the pupil's balance right after it. A voided payment's receipt says VOID in
 * large letters across the page, with the reason, so a printed copy cannot pass for a valid one.
 */
export function renderReceipt(details: ReceiptDetails): Promise<Buffer> {
  const { school, payment } = details;
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Receipt No. ${payment.receiptNo}`, Author: school.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(school.name);
  if (school.address) doc.font('Helvetica').fontSize(10).text(school.address);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text(`Receipt No. ${payment.receiptNo}`);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Date: ${payment.paidOn}`);
  doc.text(`Pupil: ${payment.studentName}`);
  doc.text(`Class: ${details.className}`);
  doc.text(`For: ${details.planName} (${details.term}), invoice ${payment.invoiceId}`);
  doc.moveDown();

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, left, y, { width: width - 140 });
    const after = doc.y;
    doc.text(amount, left + width - 140, y, { width: 140, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  doc.font('Helvetica-Bold').text('Items');
  for (const line of details.lines) row(line.name, money(line.amount));
  row('Invoice total', money(details.invoiceTotal), true);
  doc.moveDown();

  row('Amount paid', money(payment.amount), true);
  if (payment.credit > 0) row('Of which kept as credit on the account', money(payment.credit));
  row('Method', PAYMENT_METHOD_LABELS[payment.method]);
  if (payment.reference) row('Reference', payment.reference);
  const balance = payment.balanceAfter;
  row(
    balance < 0 ? 'Balance after this payment (credit)' : 'Balance after this payment',
    money(Math.abs(balance)),
  );
  doc.moveDown();
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(`Recorded by ${payment.recordedBy} on ${payment.createdAt.slice(0, 10)}.`);

  if (payment.voidedAt !== null) {
    doc.fillColor('#c00000').font('Helvetica-Bold').fontSize(96);
    doc.text('VOID', left, 330, { width, align: 'center' });
    doc.fontSize(12).text(`Voided on ${payment.voidedAt.slice(0, 10)}: ${payment.voidReason ?? ''}`, {
      width,
      align: 'center',
    });
  }
  doc.end();
  return done;
}

import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PAYMENT_METHOD_LABELS, type Payment } from '../../../shared/api/fees.js';
import { mediaVariants } from '../../../shared/media-files.js';
import { formatMoney } from '../../../shared/rules/money.js';
import { dateInZone } from '../../../shared/school-time.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { longDate } from '../../lib/mail-words.js';

/**
 * The school's colour: the site's `--sy-primary` (src/web/styles/app.css; receipt-pdf.test.ts holds
 * the two to the same value). The settings have no colour of their own.
 */
export const SCHOOL_COLOUR = '#c2410c';

/**
 * The app's default logo (Bootstrap Icons' balloon-heart-fill, 16 x 16, the SchoolLogo of the web),
 * drawn as a path where the school has not uploaded one.
 */
const DEFAULT_LOGO_PATH =
  'M8.49 10.92C19.412 3.382 11.28-2.387 8 .986 4.719-2.387-3.413 3.382 7.51 10.92l-.234.468a.25.25 0 1 0 .448.224l.04-.08c.009.17.024.315.051.45.068.344.208.622.448 1.102l.013.028c.212.422.182.85.05 1.246-.135.402-.366.751-.534 1.003a.25.25 0 0 0 .416.278l.004-.007c.166-.248.431-.646.588-1.115.16-.479.212-1.051-.076-1.629-.258-.515-.365-.732-.419-1.004a2 2 0 0 1-.037-.289l.008.017a.25.25 0 1 0 .448-.224l-.235-.468ZM6.726 1.269c-1.167-.61-2.8-.142-3.454 1.135-.237.463-.36 1.08-.202 1.85.055.27.467.197.527-.071.285-1.256 1.177-2.462 2.989-2.528.234-.008.348-.278.14-.386';

/** What a receipt shows besides the payment itself. */
export interface ReceiptDetails {
  school: {
    name: string;
    address: string;
    /** The uploaded logo as PNG (pdfkit reads no WebP); undefined: the default logo is drawn. */
    logo: Buffer | undefined;
    /** The IANA zone the receipt's instants are dated in. */
    timeZone: string;
  };
  payment: Payment;
  className: string;
  planName: string;
  term: string;
  lines: { name: string; amount: number }[];
  invoiceTotal: number;
  /** What the invoice still asked for right after this payment. */
  invoiceStillToPay: number;
}

/**
 * The logo a receipt prints: the narrowest stored width of the school's uploaded picture, as PNG;
 * undefined for the default logo, or when the file is gone or cannot be read (a receipt is never
 * refused for its logo).
 */
export async function receiptLogo(files: FileStore, logo: string): Promise<Buffer | undefined> {
  if (logo === '') return undefined;
  try {
    const bytes = await files.read(mediaVariants(logo)?.[0]?.image ?? logo);
    return bytes && (await sharp(bytes).resize({ height: 160, withoutEnlargement: true }).png().toBuffer());
  } catch {
    return undefined;
  }
}

/** An instant (ISO, UTC) as its day in the school's zone, in words. */
export const instantInWords = (instant: string, timeZone: string): string =>
  longDate(dateInZone(new Date(instant), timeZone));

/** What a receipt's two money lines say, so a reader tells the invoice from the pupil's account. */
export const RECEIPT_TEXTS = {
  stillToPay: 'Still to pay on this invoice',
  balance: 'Balance of all the pupil’s fees',
  credit: 'Balance of all the pupil’s fees (in credit)',
} as const;

/**
 * The receipt of one payment as a PDF (pdfkit, its built-in Helvetica): the school's logo, name and
 * address in its colour, the receipt number, dates in words (the payment's day; the recording's and
 * the void's in the school's zone), the pupil and class, the invoice's items, what was paid and how,
 * then two lines apart: what is still to pay on this invoice, and the balance of all the pupil's
 * fees, both right after this payment. A voided payment's receipt says VOID in large letters across
 * the page, with the reason, so a printed copy cannot pass for a valid one.
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

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;
  const logoSize = 48;
  if (school.logo) {
    doc.image(school.logo, left, top, { fit: [logoSize * 2, logoSize] });
  } else {
    doc
      .save()
      .translate(left, top)
      .scale(logoSize / 16)
      .path(DEFAULT_LOGO_PATH)
      .fill(SCHOOL_COLOUR, 'even-odd')
      .restore();
  }
  const beside = left + (school.logo ? logoSize * 2 : logoSize) + 12;
  doc.fillColor(SCHOOL_COLOUR).font('Helvetica-Bold').fontSize(18);
  doc.text(school.name, beside, top, { width: left + width - beside });
  if (school.address) doc.fillColor('#333333').font('Helvetica').fontSize(10).text(school.address);
  doc.y = Math.max(doc.y, top + logoSize);
  doc.x = left;
  doc.moveDown(0.5);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(2)
    .stroke(SCHOOL_COLOUR);
  doc.moveDown(1);
  doc.fillColor(SCHOOL_COLOUR).font('Helvetica-Bold').fontSize(16).text(`Receipt No. ${payment.receiptNo}`);
  doc.fillColor('#000000').font('Helvetica').fontSize(11);
  doc.text(`Date: ${longDate(payment.paidOn)}`);
  doc.text(`Pupil: ${payment.studentName}`);
  doc.text(`Class: ${details.className}`);
  doc.text(`For: ${details.planName} (${details.term}), invoice ${payment.invoiceId}`);
  doc.moveDown();

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
  doc.moveDown();
  row(RECEIPT_TEXTS.stillToPay, money(details.invoiceStillToPay), true);
  const balance = payment.balanceAfter;
  row(balance < 0 ? RECEIPT_TEXTS.credit : RECEIPT_TEXTS.balance, money(Math.abs(balance)), true);
  doc.moveDown();
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(`Recorded by ${payment.recordedBy} on ${instantInWords(payment.createdAt, school.timeZone)}.`);

  if (payment.voidedAt !== null) {
    doc.fillColor('#c00000').font('Helvetica-Bold').fontSize(96);
    doc.text('VOID', left, 330, { width, align: 'center' });
    doc
      .fontSize(12)
      .text(`Voided on ${instantInWords(payment.voidedAt, school.timeZone)}: ${payment.voidReason ?? ''}`, {
        width,
        align: 'center',
      });
  }
  doc.end();
  return done;
}

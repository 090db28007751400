import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Payment } from '../../../shared/api/fees.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { mediaVariants } from '../../../shared/media-files.js';
import { formatMoney } from '../../../shared/rules/money.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { translatorFor } from '../../lib/i18n.js';
import { registerDocumentFonts, type TextOptions, writeText } from '../../lib/pdf-text.js';
import { dayInWords, instantInWords } from './document-words.js';

/**
 * The school's colour: the site's `--sy-primary` (src/web/styles/app.css; receipt-pdf.test.ts holds
 * the two to the same value). The settings have no colour of their own.
 */
export const SCHOOL_COLOUR = '#c2410c';

/**
 * The app's default logo (Bootstrap Icons' balloon-heart-fill, 16 x 16, the SchoolLogo of the web),
 * drawn as a path where the school has not uploaded one.
 */
export const DEFAULT_LOGO_PATH =
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

/** What a receipt's two money lines say in English, so a reader tells the invoice from the pupil's account. */
export const RECEIPT_TEXTS = {
  stillToPay: translatorFor('en').t('documents.receipt.stillToPay'),
  balance: translatorFor('en').t('documents.receipt.balance'),
  credit: translatorFor('en').t('documents.receipt.balanceInCredit'),
} as const;

/**
 * The receipt of one payment as a PDF in the reader's language (docs/decisions/0060-documents-in-every-script.md):
 * the school's logo, name and address in its colour, the receipt number, dates in words (the
 * payment's day; the recording's and the void's in the school's zone), the pupil and class, the
 * invoice's items, what was paid and how, then two lines apart: what is still to pay on this
 * invoice, and the balance of all the pupil's fees, both right after this payment. A voided
 * payment's receipt says VOID in large letters across the page, with the reason, so a printed copy
 * cannot pass for a valid one. In Arabic the page reads from the right: the logo and the labels on
 * the right, the amounts on the left.
 */
export function renderReceipt(details: ReceiptDetails, locale: AnyLocale): Promise<Buffer> {
  const { school, payment } = details;
  const { t, direction } = translatorFor(locale);
  const money = (amount: number) => formatMoney(amount, payment.currency, locale);
  const title = t('documents.receipt.title', { number: String(payment.receiptNo) });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: { Title: title, Author: school.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerDocumentFonts(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  /** A box's left edge, mirrored on a right-to-left page. */
  const boxX = (x: number, boxWidth: number) =>
    direction === 'rtl' ? left + width - (x - left) - boxWidth : x;
  const write = (text: string, options: Partial<TextOptions> & { size: number }) =>
    writeText(doc, text, { x: left, width, direction, color: '#000000', ...options });

  const top = doc.y;
  const logoSize = 48;
  const logoWidth = school.logo ? logoSize * 2 : logoSize;
  if (school.logo) {
    doc.image(school.logo, boxX(left, logoWidth), top, {
      fit: [logoWidth, logoSize],
      ...(direction === 'rtl' ? { align: 'right' as const } : {}),
    });
  } else {
    doc
      .save()
      .translate(boxX(left, logoSize), top)
      .scale(logoSize / 16)
      .path(DEFAULT_LOGO_PATH)
      .fill(SCHOOL_COLOUR, 'even-odd')
      .restore();
  }
  const besideWidth = width - logoWidth - 12;
  const beside = boxX(left + logoWidth + 12, besideWidth);
  write(school.name, { x: beside, width: besideWidth, y: top, size: 18, bold: true, color: SCHOOL_COLOUR });
  if (school.address) write(school.address, { x: beside, width: besideWidth, size: 10, color: '#333333' });
  doc.y = Math.max(doc.y, top + logoSize);
  doc.x = left;
  doc.moveDown(0.5);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(2)
    .stroke(SCHOOL_COLOUR);
  doc.moveDown(1);
  write(title, { size: 16, bold: true, color: SCHOOL_COLOUR });
  write(t('documents.receipt.date', { date: dayInWords(payment.paidOn, locale) }), { size: 11 });
  write(t('documents.receipt.pupil', { name: payment.studentName }), { size: 11 });
  write(t('documents.receipt.class', { name: details.className }), { size: 11 });
  write(
    t('documents.receipt.for', {
      plan: details.planName,
      term: details.term,
      invoice: String(payment.invoiceId),
    }),
    { size: 11 },
  );
  doc.moveDown();

  const amountWidth = 140;
  /** A label and its amount: the label where lines start, the amount at the other edge. */
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    write(label, { x: boxX(left, width - amountWidth), width: width - amountWidth, y, size: 11, bold });
    const after = doc.y;
    write(amount, {
      x: boxX(left + width - amountWidth, amountWidth),
      width: amountWidth,
      y,
      size: 11,
      bold,
      align: 'end',
    });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  write(t('documents.receipt.items'), { size: 11, bold: true });
  for (const line of details.lines) row(line.name, money(line.amount));
  row(t('documents.receipt.invoiceTotal'), money(details.invoiceTotal), true);
  doc.moveDown();

  row(t('documents.receipt.amountPaid'), money(payment.amount), true);
  if (payment.credit > 0) row(t('documents.receipt.keptAsCredit'), money(payment.credit));
  row(t('documents.receipt.method'), t(`common.paymentMethod.${payment.method}`));
  if (payment.reference) row(t('documents.receipt.reference'), payment.reference);
  doc.moveDown();
  row(t('documents.receipt.stillToPay'), money(details.invoiceStillToPay), true);
  const balance = payment.balanceAfter;
  row(
    t(balance < 0 ? 'documents.receipt.balanceInCredit' : 'documents.receipt.balance'),
    money(Math.abs(balance)),
    true,
  );
  doc.moveDown();
  write(
    t('documents.receipt.recordedBy', {
      name: payment.recordedBy,
      date: instantInWords(payment.createdAt, school.timeZone, locale),
    }),
    { size: 9, color: '#555555' },
  );

  if (payment.voidedAt !== null) {
    write(t('documents.receipt.void'), { y: 330, size: 96, bold: true, color: '#c00000', align: 'center' });
    write(
      t('documents.receipt.voidedOn', {
        date: instantInWords(payment.voidedAt, school.timeZone, locale),
        reason: payment.voidReason ?? '',
      }),
      { size: 12, bold: true, color: '#c00000', align: 'center' },
    );
  }
  doc.end();
  return done;
}

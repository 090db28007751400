import PDFDocument from 'pdfkit';
import type { SchoolSettings } from '../../../shared/api/settings.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import type { Translator } from '../../../shared/i18n/translator.js';
import { formatMoney } from '../../../shared/rules/money.js';
import type { MailConfig } from '../../config.js';
import { translatorFor } from '../../lib/i18n.js';
import { registerDocumentFonts, type TextOptions, textWidth, writeText } from '../../lib/pdf-text.js';
import type { GuardianToMail } from '../family/family.repository.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import { contactTheSchool, dayInWords } from './document-words.js';
import type { InvoiceToRemind } from './reports.repository.js';

/**
 * A fee reminder (docs/decisions/0026-fees.md), by mail to each guardian who has an address, or
 * as a printed letter for families without one. Both say the same: the pupil, the plan, what is
 * still owed, by when, and how to pay or reach the office; each in its reader's language
 * (docs/decisions/0060-documents-in-every-script.md).
 */

/** The parent's fees screen (src/shared/screens.ts). */
export const PARENT_FEES_PATH = '/fees';

type School = Pick<SchoolSettings, 'name' | 'address' | 'email' | 'phone'>;

function owedSentence(t: Translator['t'], invoice: InvoiceToRemind, locale: AnyLocale): string {
  return t('documents.reminder.owed', {
    amount: formatMoney(invoice.outstanding, invoice.currency, locale),
    invoice: String(invoice.id),
    plan: invoice.planName,
    term: invoice.term,
    pupil: invoice.studentName,
    className: invoice.className,
    dueDate: dayInWords(invoice.dueDate, locale),
  });
}

/** The mail to one guardian, in `locale`: theirs (`userLocale`). */
export function reminderMail(
  config: MailConfig,
  school: School,
  invoice: InvoiceToRemind,
  guardian: GuardianToMail,
  locale: AnyLocale = 'en',
): MailContent {
  const { t } = translatorFor(locale);
  return {
    kind: 'fee-reminder',
    to: { address: guardian.email, name: guardian.name },
    subject: t('documents.reminderMail.subject', {
      amount: formatMoney(invoice.outstanding, invoice.currency, locale),
      pupil: invoice.studentName,
    }),
    greeting: t('documents.reminderMail.greeting', { name: guardian.name }),
    paragraphs: [
      owedSentence(t, invoice, locale),
      t('documents.reminder.howToPay'),
      t('documents.reminderMail.paidAlready', { contact: contactTheSchool(t, school) }),
    ],
    action: { label: t('documents.reminderMail.action'), url: mailLink(config, PARENT_FEES_PATH) },
    footer: [t('documents.reminderMail.footer', { pupil: invoice.studentName, school: school.name })],
  };
}

/**
 * The printable letter, as a PDF in `locale` (the guardians'). `today` is the school's date of the
 * letter. In Arabic the page reads from the right: the date on the left, the labels of the table
 * on the right.
 */
export function reminderLetter(
  school: School,
  invoice: InvoiceToRemind,
  today: string,
  locale: AnyLocale = 'en',
): Promise<Buffer> {
  const { t, direction } = translatorFor(locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: { Title: t('documents.reminder.title', { pupil: invoice.studentName }), Author: school.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerDocumentFonts(doc);
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const left = 56;
  const width = 480;
  const write = (text: string, options: Partial<TextOptions> & { size: number }) =>
    writeText(doc, text, { x: left, width, direction, ...options });

  write(school.name, { size: 18, bold: true });
  for (const line of school.address.split(/\r?\n/).filter((l) => l.trim() !== ''))
    write(line.trim(), { size: 10 });
  if (school.phone.trim()) write(t('documents.reminder.phone', { phone: school.phone.trim() }), { size: 10 });
  if (school.email.trim()) write(t('documents.reminder.email', { email: school.email.trim() }), { size: 10 });
  doc.moveDown(2);
  write(dayInWords(today, locale), { size: 11, align: 'end' });
  doc.moveDown();
  write(t('documents.reminder.to', { pupil: invoice.studentName, className: invoice.className }), {
    size: 11,
  });
  doc.moveDown();
  write(t('documents.reminder.heading'), { size: 14, bold: true });
  doc.moveDown(0.5);
  write(t('documents.reminder.greeting'), { size: 11 });
  doc.moveDown(0.5);
  write(owedSentence(t, invoice, locale), { size: 11 });
  doc.moveDown();
  const rows: [string, string][] = [
    [t('documents.reminder.row.invoice'), String(invoice.id)],
    [
      t('documents.reminder.row.fees'),
      t('documents.reminder.row.feesValue', { plan: invoice.planName, term: invoice.term }),
    ],
    [t('documents.reminder.row.total'), money(invoice.total)],
    [t('documents.reminder.row.paid'), money(invoice.paid)],
    [t('documents.reminder.row.stillOwed'), money(invoice.outstanding)],
    [t('documents.reminder.row.dueDate'), dayInWords(invoice.dueDate, locale)],
  ];
  // The labels' column as wide as the widest label (at least 120 points), the values beside it.
  const labelWidth = Math.max(
    120,
    ...rows.map(([label]) => textWidth(doc, label, { size: 11, bold: true, direction })),
  );
  const valueWidth = width - labelWidth - 10;
  for (const [label, value] of rows) {
    const y = doc.y;
    write(label, {
      x: direction === 'rtl' ? left + width - labelWidth : left,
      width: labelWidth,
      y,
      size: 11,
      bold: true,
    });
    const after = doc.y;
    write(value, { x: direction === 'rtl' ? left : left + labelWidth + 10, width: valueWidth, y, size: 11 });
    doc.y = Math.max(after, doc.y);
  }
  doc.x = left;
  doc.moveDown();
  write(t('documents.reminder.howToPay'), { size: 11 });
  doc.moveDown(0.5);
  write(t('documents.reminder.letterPaidAlready', { contact: contactTheSchool(t, school) }), { size: 11 });
  doc.moveDown(2);
  write(t('documents.reminder.closing'), { size: 11 });
  write(t('documents.reminder.signature', { school: school.name }), { size: 11 });
  doc.end();
  return done;
}

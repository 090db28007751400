import PDFDocument from 'pdfkit';
import type { SchoolSettings } from '../../../shared/api/settings.js';
import { formatMoney } from '../../../shared/rules/money.js';
import type { MailConfig } from '../../config.js';
import { contactTheSchool, longDate } from '../../lib/mail-words.js';
import type { GuardianToMail } from '../family/family.repository.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import type { InvoiceToRemind } from './reports.repository.js';

/**
 * A fee reminder (docs/decisions/0026-fees.md), by mail to each guardian who has an address, or
 * as a printed letter for families without one. Both say the same: the pupil, the plan, what is
 * still owed, by when, and how to pay or reach the office.
 */

/** The parent's fees screen (src/shared/screens.ts). */
export const PARENT_FEES_PATH = '/fees';

type School = Pick<SchoolSettings, 'name' | 'address' | 'email' | 'phone'>;

const HOW_TO_PAY =
  'You can pay at the school office in cash or by card, or by bank transfer quoting the invoice number.';

function owedSentence(invoice: InvoiceToRemind): string {
  const owed = formatMoney(invoice.outstanding, invoice.currency);
  return `${owed} is still owed on invoice ${invoice.id} for ${invoice.planName} (${invoice.term}) of ${invoice.studentName}, ${invoice.className}. It was due on ${longDate(invoice.dueDate)}.`;
}

export function reminderMail(
  config: MailConfig,
  school: School,
  invoice: InvoiceToRemind,
  guardian: GuardianToMail,
): MailContent {
  return {
    kind: 'fee-reminder',
    to: { address: guardian.email, name: guardian.name },
    subject: `Fees reminder: ${formatMoney(invoice.outstanding, invoice.currency)} owed for ${invoice.studentName}`,
    greeting: `Dear ${guardian.name},`,
    paragraphs: [
      owedSentence(invoice),
      HOW_TO_PAY,
      `If you have paid already, thank you, and please disregard this reminder. If you have a question, ${contactTheSchool(school)}`,
    ],
    action: { label: 'See the fees', url: mailLink(config, PARENT_FEES_PATH) },
    footer: [`You receive this mail because you are a guardian of ${invoice.studentName} at ${school.name}.`],
  };
}

/** The printable letter, as a PDF. `today` is the school's date of the letter. */
export function reminderLetter(school: School, invoice: InvoiceToRemind, today: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Fees reminder: ${invoice.studentName}`, Author: school.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (amount: number) => formatMoney(amount, invoice.currency);

  doc.font('Helvetica-Bold').fontSize(18).text(school.name);
  doc.font('Helvetica').fontSize(10);
  for (const line of school.address.split(/\r?\n/).filter((l) => l.trim() !== '')) doc.text(line.trim());
  if (school.phone.trim()) doc.text(`Phone: ${school.phone.trim()}`);
  if (school.email.trim()) doc.text(`Email: ${school.email.trim()}`);
  doc.moveDown(2);
  doc.fontSize(11).text(longDate(today), { align: 'right' });
  doc.moveDown();
  doc.text(`To the parents or guardians of ${invoice.studentName}, ${invoice.className}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text('Fees reminder');
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11);
  doc.text('Dear parents and guardians,');
  doc.moveDown(0.5);
  doc.text(owedSentence(invoice));
  doc.moveDown();
  const rows: [string, string][] = [
    ['Invoice', String(invoice.id)],
    ['Fees', `${invoice.planName} (${invoice.term})`],
    ['Total', money(invoice.total)],
    ['Paid', money(invoice.paid)],
    ['Still owed', money(invoice.outstanding)],
    ['Due date', longDate(invoice.dueDate)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 120 });
    doc.font('Helvetica').text(value, 186, y);
  }
  doc.x = 56;
  doc.moveDown();
  doc.text(HOW_TO_PAY, { width: 480 });
  doc.moveDown(0.5);
  doc.text(
    `If you have paid already, thank you, and please disregard this letter. If you have a question, ${contactTheSchool(school)}`,
    { width: 480 },
  );
  doc.moveDown(2);
  doc.text('Yours sincerely,');
  doc.text(`The school office, ${school.name}`);
  doc.end();
  return done;
}

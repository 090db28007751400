import { writeFileSync } from 'node:fs';
import { renderReceipt } from '../src/server/features/fees/receipt-pdf.js';
import { reminderLetter } from '../src/server/features/fees/reminder-letter.js';
const details = {
  school: { name: 'مدرسة المروج المشمسة', address: '14 Orchard Lane, Greenfield', logo: undefined, timeZone: 'UTC' },
  payment: { id: 1, receiptNo: 38, invoiceId: 42, studentId: 1, studentName: 'مريم الحسيني', amount: 12550, applied: 12550, credit: 0, method: 'bank_transfer', reference: 'VAL-Ł-002', paidOn: '2026-11-20', currency: 'USD', recordedBy: 'Margaret Osei', createdAt: '2026-11-27T10:00:00Z', voidedAt: null, voidReason: null, balanceAfter: 17450 },
  className: 'KG', planName: 'Fees autumn', term: 'Autumn 2026', lines: [{ name: 'Tuition', amount: 30000 }], invoiceTotal: 30000, invoiceStillToPay: 17450,
} as any;
writeFileSync('scratch-tmp/ar.pdf', await renderReceipt(details, 'ar'));
writeFileSync('scratch-tmp/fr.pdf', await renderReceipt({ ...details, payment: { ...details.payment, voidedAt: '2026-11-28T10:00:00Z', voidReason: 'Chèque sans provision' } }, 'fr'));
const invoice = { id: 42, studentId: 1, studentName: 'مريم الحسيني', className: 'KG', planName: 'Fees autumn', term: 'Autumn 2026', currency: 'USD', total: 30000, paid: 12550, outstanding: 17450, dueDate: '2026-12-01' } as any;
writeFileSync('scratch-tmp/letter-ar.pdf', await reminderLetter({ name: 'مدرسة المروج المشمسة', address: '14 Orchard Lane\nGreenfield', email: 'office@example.org', phone: '+1 555 0100' }, invoice, '2026-11-27', 'ar'));

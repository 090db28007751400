import { describe, expect, it } from 'vitest';
import { invoiceStatus } from './invoices.repository.js';

/** An invoice's status as `invoicesOf` works it out (shared/api/fees.ts INVOICE_STATUSES). */
describe('invoiceStatus', () => {
  const issued = { status: 'issued' as const, total: 10000, dueDate: '2026-11-20' };

  it('is cancelled for a cancelled invoice, whatever is paid or due', () => {
    expect(invoiceStatus({ ...issued, status: 'cancelled' }, 0, '2027-01-01')).toBe('cancelled');
  });
  it('is paid when nothing is owed, also past the due date and for a total of 0', () => {
    expect(invoiceStatus(issued, 10000, '2026-12-01')).toBe('paid');
    expect(invoiceStatus({ ...issued, total: 0 }, 0, '2026-12-01')).toBe('paid');
  });
  it('is overdue only after the due date (the school’s today), with something owed', () => {
    expect(invoiceStatus(issued, 0, '2026-11-20')).toBe('open');
    expect(invoiceStatus(issued, 0, '2026-11-21')).toBe('overdue');
    expect(invoiceStatus(issued, 9999, '2026-11-21')).toBe('overdue');
  });
  it('is partial when part is paid before the due date, else open', () => {
    expect(invoiceStatus(issued, 1, '2026-11-19')).toBe('partial');
    expect(invoiceStatus(issued, 0, '2026-11-19')).toBe('open');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { answer, columnsOf } from '../../../test/school-test-utils.js';
import {
  AISHA_INVOICE,
  FEES_TITLE,
  invoice,
  payment,
  renderParentFees,
  studentFees,
} from '../testing/fees.js';

const child = (studentId: number, studentName: string, className: string) => ({
  studentId,
  studentName,
  classId: 4,
  className,
  image: null,
  relationship: 'Father',
});

const KIDS = { data: [child(31, 'Aisha Rahman', 'KG'), child(40, 'Yusuf Rahman', 'Class 2')] };
const YUSUF = studentFees({
  studentId: 40,
  studentName: 'Yusuf Rahman',
  balance: -2_500,
  invoices: [
    invoice({
      id: 20,
      studentId: 40,
      studentName: 'Yusuf Rahman',
      paid: 127_500,
      balance: 0,
      status: 'paid',
    }),
  ],
  payments: [
    payment({
      id: 80,
      receiptNo: 50,
      studentId: 40,
      amount: 127_500,
      voidedAt: '2026-11-01T10:00:00Z',
      voidReason: 'Bounced',
    }),
  ],
});

afterEach(() => vi.unstubAllGlobals());

describe('Fees: a parent’s children', () => {
  it('shows each child’s balance, invoices and payments with receipts to download', async () => {
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, api } = renderParentFees({
      'GET family/children': KIDS,
      'GET fees/student/31': { data: studentFees() },
      'GET fees/student/40': { data: YUSUF },
      'GET fees/payments/70/receipt.pdf': { pdf: true },
    });
    expect(screen.getByRole('heading', { name: FEES_TITLE })).toBeInTheDocument();
    const aisha = await screen.findByRole('region', { name: 'Aisha Rahman' });
    expect(await within(aisha).findByText('Balance owed:')).toHaveTextContent('Balance owed: $750.00');
    const invoices = within(
      within(aisha).getByRole('region', { name: 'Invoices of Aisha Rahman' }),
    ).getByRole('table');
    expect(columnsOf(invoices)).toEqual(['Fees', 'Due', 'Total', 'Paid', 'Still to pay', 'Status']);
    expect(invoices).toHaveTextContent(`${AISHA_INVOICE.planName} (${AISHA_INVOICE.term})`);
    expect(invoices).toHaveTextContent('Part paid');
    // Days as the school reads them; the ISO date stays for machines.
    expect(within(invoices).getByText('Sun, 1 Nov 2026')).toHaveAttribute('datetime', '2026-11-01');
    expect(invoices).not.toHaveTextContent('2026-11-01');
    const payments = within(
      within(aisha).getByRole('region', { name: 'Payments of Aisha Rahman' }),
    ).getByRole('table');
    expect(within(payments).getByText('Thu, 15 Oct 2026')).toHaveAttribute('datetime', '2026-10-15');
    const receipt = within(aisha).getByRole('link', { name: 'Download receipt No. 42' });
    await user.click(receipt);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.calls('GET')).toContain('GET fees/payments/70/receipt.pdf');

    const yusuf = await screen.findByRole('region', { name: 'Yusuf Rahman' });
    expect(await within(yusuf).findByText('In credit:')).toHaveTextContent('In credit: $25.00');
    expect(within(yusuf).getByText('No. 50, voided')).toBeInTheDocument();
    expect(within(yusuf).queryByRole('link', { name: /Download receipt/ })).toBeNull();
  });

  it('says so when no child is linked yet, and when a child’s fees cannot be read', async () => {
    allowConsoleErrors(); // the query client logs the 404
    const { unmount } = renderParentFees({ 'GET family/children': { data: [] } });
    expect(await screen.findByText(/once the school has linked them/)).toBeInTheDocument();
    unmount();
    renderParentFees({
      'GET family/children': { data: [child(31, 'Aisha Rahman', 'KG')] },
      'GET fees/student/31': answer(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    });
    const aisha = await screen.findByRole('region', { name: 'Aisha Rahman' });
    expect(await within(aisha).findByRole('alert')).toHaveTextContent(/Not found/);
  });

  it('has no serious or critical axe violation', async () => {
    const { container } = renderParentFees({
      'GET family/children': KIDS,
      'GET fees/student/31': { data: studentFees() },
      'GET fees/student/40': { data: YUSUF },
    });
    await screen.findByText('No. 50, voided');
    await screen.findByRole('link', { name: 'Download receipt No. 42' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

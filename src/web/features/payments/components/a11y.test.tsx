import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEE_MESSAGES } from '../../../../shared/api/fees.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { overdueRow, renderLedger } from '../testing/fees.js';

/** axe-core on the ledger's parts as jsdom renders them; contrast is left to a real browser (e2e/a11y.spec.ts). */
describe('Payment: accessibility', () => {
  it('the overview', async () => {
    const { container } = renderLedger();
    await screen.findByRole('table');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('the plans, a plan’s invoices, the plan form, and the payment dialog with a field error', async () => {
    const { container, user } = renderLedger({}, '/payment?tab=plans&plan=5');
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    const plan = screen.getByRole('form', { name: 'New fee plan' });
    await user.click(within(plan).getByRole('button', { name: 'Save plan' }));
    await within(plan).findAllByText(/Please enter/);
    expect(await seriousAxeViolations(container)).toEqual([]);

    // The dialog is drawn outside the screen (a portal on the body): axe reads it on its own.
    await user.click(await within(region).findByRole('button', { name: 'Record payment from Aisha Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment from Aisha Rahman' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await within(dialog).findByText(FEE_MESSAGES.chooseMethod);
    expect(await seriousAxeViolations(dialog)).toEqual([]);
  });

  it('the plan form editing a plan with invoices, its class and items locked', async () => {
    const { container, user } = renderLedger({}, '/payment?tab=plans');
    await user.click(await screen.findByRole('button', { name: 'Edit Tuition' }));
    const form = screen.getByRole('form', { name: 'Edit the plan Tuition' });
    await within(form).findByText(/can no longer change/);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('the discount form', async () => {
    const { container, user } = renderLedger({}, '/payment?tab=plans&plan=5');
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(await within(region).findByRole('button', { name: 'Discount for Aisha Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discount for Aisha Rahman' });
    await user.click(within(dialog).getByRole('button', { name: 'Save discount' }));
    await within(dialog).findByText(FEE_MESSAGES.percentInvalid);
    expect(await seriousAxeViolations(dialog)).toEqual([]);
  });

  it('the question before a discount is removed', async () => {
    const { container, user } = renderLedger({}, '/payment?tab=plans&plan=5');
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Remove discount for Ben Okafor' }));
    await screen.findByRole('alertdialog');
    expect(await seriousAxeViolations(container.ownerDocument.body)).toEqual([]);
  });

  it('the overdue list, with a row that cannot be mailed', async () => {
    const { container } = renderLedger(
      { 'GET admin/fees/overdue': { data: [overdueRow(), overdueRow({ invoiceId: 13, canEmail: false })] } },
      '/payment?tab=overdue',
    );
    await screen.findByRole('table');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('a pupil’s statement and payments', async () => {
    const { container } = renderLedger({}, '/payment?tab=statement&student=31');
    await screen.findByRole('link', { name: 'Download receipt No. 42' });
    await screen.findByRole('region', { name: 'Statement of Aisha Rahman' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { untranslatedTexts } from '../../../test/i18n.js';
import { invoice, payment, renderLedger, renderParentFees, studentFees } from '../testing/fees.js';

/**
 * Every text of the fees screens comes from a catalog: rendered in the pseudo-locale, nothing but the
 * tests' own data is left in plain English letters. The pseudo-locale formats dates as English (it
 * has no calendar of its own), so the days shown are data here too.
 */
const USER_DATA = [
  'Aisha Rahman',
  'Ben Okafor',
  'Zoë Aisling',
  'Tuition',
  'Books',
  'Autumn 2026',
  // The school years' terms (testing/fees.tsx YEARS).
  'Autumn term',
  'Spring term',
  'KG',
  'Class 1',
  'Class 2',
  'Sibling',
  'TR-1',
  'Grace Principal',
  'USD',
  'US$',
];
const DAYS = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4}$/;
const withoutDays = (texts: string[]) => texts.filter((text) => !DAYS.test(text));
/** The first answer of a lazily loaded section may take a while on a busy machine. */
const LOADED = { timeout: 15_000 };

const CHILDREN = {
  data: [
    {
      studentId: 31,
      studentName: 'Aisha Rahman',
      classId: 4,
      className: 'KG',
      image: null,
      relationship: 'Father',
    },
  ],
};

describe('the fees screens in another language', () => {
  it('the parent’s fees: no text outside the catalogs', async () => {
    const { container } = renderParentFees(
      {
        'GET family/children': CHILDREN,
        'GET fees/student/31': {
          data: studentFees({
            payments: [payment(), payment({ id: 71, receiptNo: 43, voidedAt: '2026-11-01T10:00:00Z' })],
          }),
        },
      },
      'en-XA',
    );
    await screen.findByRole('link', { name: /42/ }, LOADED);
    expect(withoutDays(untranslatedTexts(container, USER_DATA))).toEqual([]);
  });

  it('the parent’s fees in French: amounts and words as a French school writes them', async () => {
    renderParentFees(
      {
        'GET family/children': CHILDREN,
        'GET fees/student/31': {
          data: studentFees({
            currency: 'EUR',
            balance: 123_450,
            invoices: [
              invoice({ currency: 'EUR', total: 123_450, paid: 0, balance: 123_450, status: 'open' }),
            ],
            payments: [],
          }),
        },
      },
      'fr',
    );
    const balance = await screen.findByText('Solde dû :', {}, LOADED);
    expect(balance.textContent).toMatch(/^Solde dû :\s1\s234,50\s€$/);
    const table = within(
      await screen.findByRole('region', { name: 'Factures de Aisha Rahman' }, LOADED),
    ).getByRole('table');
    expect(within(table).getByText('Ouverte')).toBeInTheDocument();
    expect(within(table).getByText('dim. 1 nov. 2026')).toHaveAttribute('datetime', '2026-11-01');
    expect(screen.getByText('Aucun paiement pour l’instant.')).toBeInTheDocument();
  });

  it('the ledger’s overview, plans, a plan’s invoices and the plan form: no text outside the catalogs', async () => {
    const { container, unmount } = renderLedger({}, '/payment', 'en-XA');
    await screen.findByRole('table', {}, LOADED);
    expect(withoutDays(untranslatedTexts(container, USER_DATA))).toEqual([]);
    unmount();

    const plans = renderLedger({}, '/payment?tab=plans&plan=5', 'en-XA');
    const region = await screen.findByRole('region', { name: /Tuition/ }, LOADED);
    await within(region).findAllByRole('row');
    await screen.findByRole('option', { name: 'KG' });
    expect(withoutDays(untranslatedTexts(plans.container, USER_DATA))).toEqual([]);

    // The payment dialog, drawn over the page.
    const [record] = within(region).getAllByRole('button', { name: /Aisha Rahman/ });
    await plans.user.click(record as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(untranslatedTexts(dialog, USER_DATA)).toEqual([]);
  });

  it('the overdue list, and a statement: no text outside the catalogs', async () => {
    const overdue = renderLedger({}, '/payment?tab=overdue', 'en-XA');
    await screen.findByRole('table', {}, LOADED);
    expect(withoutDays(untranslatedTexts(overdue.container, USER_DATA))).toEqual([]);
    overdue.unmount();

    const statement = renderLedger({}, '/payment?tab=statement&student=31', 'en-XA');
    await screen.findByRole('link', { name: /42/ }, LOADED);
    await screen.findAllByRole('table', {}, LOADED);
    const descriptions = [...statement.container.querySelectorAll('td:nth-child(2)')].map(
      (cell) => cell.textContent ?? '',
    );
    expect(withoutDays(untranslatedTexts(statement.container, [...USER_DATA, ...descriptions]))).toEqual([]);
  });

  it('the ledger in Arabic: the tabs and the money in Arabic', async () => {
    renderLedger({}, '/payment', 'ar');
    expect(await screen.findByRole('link', { name: 'نظرة عامة' }, LOADED)).toHaveAttribute(
      'aria-current',
      'page',
    );
    const table = await screen.findByRole('table', {}, LOADED);
    expect(within(table).getByRole('columnheader', { name: 'المحصَّل' })).toBeInTheDocument();
  });
});

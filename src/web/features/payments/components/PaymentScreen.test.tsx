import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEE_ERROR_CODES, FEE_MESSAGES, IDEMPOTENCY_HEADER } from '../../../../shared/api/fees.js';
import { SCHOOL_YEAR_MESSAGES } from '../../../../shared/api/school-years.js';
import { notify } from '../../../lib/toast.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { onDeviceIn } from '../../../test/device-zone.js';
import { answer, apiError, columnsOf } from '../../../test/school-test-utils.js';
import {
  AISHA_INVOICE,
  DISCOUNT_TEXTS,
  invoice,
  issuedText,
  overdueRow,
  PAYMENT_TEXTS,
  PAYMENT_TITLE,
  PLAN,
  PLAN_FORM_TEXTS,
  payment,
  renderLedger,
  STATEMENT_TEXTS,
  studentFees,
  TERM_PLAN,
} from '../testing/fees.js';

const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

/** The error under a form's field, as its aria-describedby reads it out (findBy: it may come later). */
const fieldError = (form: HTMLElement, label: string, text: string) =>
  waitFor(() => expect(within(form).getByLabelText(label)).toHaveAccessibleDescription(text));

/** The Idempotency-Key of each `POST fees/payments` the screen made. */
const idempotencyKeys = (spy: { mock: { calls: unknown[][] } }): string[] =>
  spy.mock.calls
    .filter(
      ([input, init]) => String(input).endsWith('fees/payments') && (init as RequestInit)?.method === 'POST',
    )
    .map(([, init]) => new Headers((init as RequestInit).headers).get(IDEMPOTENCY_HEADER) ?? '');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Payment: the fee ledger', () => {
  it('opens on the overview: billed, collected and outstanding per class and term, in the school’s money', async () => {
    renderLedger();
    expect(screen.getByRole('heading', { name: PAYMENT_TITLE })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['Class', 'Term', 'Invoices', 'Billed', 'Collected', 'Outstanding']);
    const row = rowOf(table, 'KG');
    expect(row).toHaveTextContent('Autumn 2026');
    expect(row).toHaveTextContent('$2,343.75');
    expect(row).toHaveTextContent('$1,593.75');
    expect(row).toHaveTextContent('$750.00');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the plans and issues a plan’s invoices with a toast of how many', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, api } = renderLedger({ 'POST admin/fee-plans/5/invoices': { data: { created: 3 } } });
    await user.click(screen.getByRole('link', { name: 'Plans' }));
    const plans = within(await screen.findByRole('region', { name: 'Fee plans' })).getByRole('table');
    const row = rowOf(plans, 'Tuition');
    expect(row).toHaveTextContent('KG');
    expect(row).toHaveTextContent('$1,250.00');
    expect(within(row).getByText('Sun, 1 Nov 2026')).toHaveAttribute('datetime', '2026-11-01');
    await user.click(within(row).getByRole('button', { name: 'Issue invoices of Tuition' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('3 invoices created'));
    expect(api.calls('POST')).toEqual(['POST admin/fee-plans/5/invoices']);
    expect(issuedText(1)).toBe('1 invoice created');
  });

  it('creates a plan: amounts typed as decimal text are sent in cents, never through a float', async () => {
    const { user, api } = renderLedger(
      {
        'POST admin/fee-plans': (request: { body: unknown }) => ({
          data: { ...PLAN, id: 6, name: 'Trips', invoices: 0, ...(request.body as object) },
        }),
      },
      '/payment?tab=plans',
    );
    const form = await screen.findByRole('form', { name: 'New fee plan' });
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText(FEE_MESSAGES.enterPlanName)).toBeInTheDocument();
    expect(
      within(form).getByText(FEE_MESSAGES.chooseClass, { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);

    await user.type(within(form).getByLabelText('Plan name'), 'Trips');
    await waitFor(() => expect(within(form).getByLabelText('Class')).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText('Class'), '6');
    expect(
      within(form).getByText(SCHOOL_YEAR_MESSAGES.chooseTerm, { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Term'), '22');
    await user.type(within(form).getByLabelText('Due date'), '2026-12-01');
    await user.type(within(form).getByLabelText('Item 1'), 'Zoo');
    await user.type(within(form).getByLabelText('Amount of item 1'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Add an item' }));
    await user.type(within(form).getByLabelText('Item 2'), 'Bus');
    await user.type(within(form).getByLabelText('Amount of item 2'), '1,000.1');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText(FEE_MESSAGES.amountFraction('USD'))).toBeInTheDocument();
    expect(within(form).getByLabelText('Amount of item 1')).toHaveAccessibleDescription(
      'The amount must be in whole cents: at most 2 decimals, e.g. $12.34.',
    );
    expect(api.calls('POST')).toEqual([]);

    await user.clear(within(form).getByLabelText('Amount of item 1'));
    await user.type(within(form).getByLabelText('Amount of item 1'), '0.29');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/fee-plans']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Trips',
      classId: 6,
      term: 'Spring term',
      termId: 22,
      dueDate: '2026-12-01',
      items: [
        { name: 'Zoo', amount: 29 },
        { name: 'Bus', amount: 100_010 },
      ],
    });
  });

  it('edits a plan without invoices: every field, amounts in cents, a toast, and the new-plan form again', async () => {
    const success = vi.spyOn(notify, 'success');
    const fresh = { ...PLAN, invoices: 0 };
    const { user, api } = renderLedger(
      {
        'GET admin/fee-plans': { data: [fresh] },
        'PUT admin/fee-plans/5': (request: { body: unknown }) => ({
          data: { ...fresh, ...(request.body as object), items: fresh.items },
        }),
      },
      '/payment?tab=plans',
    );
    const plans = within(await screen.findByRole('region', { name: 'Fee plans' })).getByRole('table');
    await user.click(within(rowOf(plans, 'Tuition')).getByRole('button', { name: 'Edit Tuition' }));
    const form = screen.getByRole('form', { name: PLAN_FORM_TEXTS.editTitle('Tuition') });
    expect(screen.queryByRole('form', { name: PLAN_FORM_TEXTS.newTitle })).toBeNull();
    expect(within(form).getByRole('heading')).toHaveFocus();
    // Filled in from the plan, its amounts as decimal text.
    expect(within(form).getByLabelText('Plan name')).toHaveValue('Tuition');
    // Its term is text only, from before the school years: kept as the chosen option, so marked.
    await waitFor(() => expect(within(form).getByLabelText('Term')).toHaveValue('text'));
    expect(within(form).getByRole('option', { name: 'Autumn 2026 (not in a school year)' })).toHaveProperty(
      'selected',
      true,
    );
    expect(within(form).getByLabelText('Due date')).toHaveValue('2026-11-01');
    expect(within(form).getByLabelText('Amount of item 1')).toHaveValue('1000.00');
    expect(within(form).getByLabelText('Item 2')).toHaveValue('Books');
    expect(within(form).getByLabelText('Amount of item 2')).toHaveValue('250.00');
    expect(within(form).queryByText(PLAN_FORM_TEXTS.locked)).toBeNull();
    await waitFor(() => expect(within(form).getByLabelText('Class')).toHaveValue('4'));
    expect(within(form).getByLabelText('Class')).toBeEnabled();

    await user.selectOptions(within(form).getByLabelText('Class'), '6');
    await user.clear(within(form).getByLabelText('Amount of item 2'));
    await user.type(within(form).getByLabelText('Amount of item 2'), '260.5');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/fee-plans/5']));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Tuition',
      classId: 6,
      term: 'Autumn 2026',
      dueDate: '2026-11-01',
      items: [
        { name: 'Tuition', amount: 100_000 },
        { name: 'Books', amount: 26_050 },
      ],
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith(PLAN_FORM_TEXTS.updated('Tuition')));
    expect(await screen.findByRole('form', { name: PLAN_FORM_TEXTS.newTitle })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: PLAN_FORM_TEXTS.editTitle('Tuition') })).toBeNull();
  });

  it('chooses a plan’s term among the years’ terms, grouped by year with the current year first', async () => {
    const { user, api } = renderLedger(
      {
        'GET admin/fee-plans': { data: [PLAN, TERM_PLAN] },
        'PUT admin/fee-plans/5': (request: { body: unknown }) => ({
          data: { ...PLAN, ...(request.body as object) },
        }),
      },
      '/payment?tab=plans',
    );
    // Listed with their term and year; a text-only term is in no year.
    const plans = within(await screen.findByRole('region', { name: 'Fee plans' })).getByRole('table');
    expect(columnsOf(plans).slice(0, 4)).toEqual(['Plan', 'Class', 'Term', 'School year']);
    await waitFor(() => expect(rowOf(plans, 'Clubs')).toHaveTextContent('Spring term2025–2026'));
    expect(rowOf(plans, 'Tuition')).toHaveTextContent('Autumn 2026Not in a school year');

    const fresh = await screen.findByRole('form', { name: PLAN_FORM_TEXTS.newTitle });
    const select = within(fresh).getByLabelText('Term');
    await waitFor(() => expect(select).toBeEnabled());
    const groups = within(select).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      '2026–2027 (current year)',
      '2025–2026',
    ]);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Autumn term', 'Spring term']);
    // Only an edited plan's own text term is offered as text.
    expect(within(select).queryByRole('option', { name: /not in a school year/ })).toBeNull();

    // The text-only plan keeps its text unless another term is chosen; then it sends the term's id.
    await user.click(within(rowOf(plans, 'Tuition')).getByRole('button', { name: 'Edit Tuition' }));
    const form = screen.getByRole('form', { name: PLAN_FORM_TEXTS.editTitle('Tuition') });
    await waitFor(() => expect(within(form).getByLabelText('Term')).toHaveValue('text'));
    await user.selectOptions(within(form).getByLabelText('Term'), '21');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/fee-plans/5']));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      term: 'Autumn term',
      termId: 21,
    });
  });

  it('edits a plan of a school term with that term chosen, and sends it back by id', async () => {
    const { user, api } = renderLedger(
      {
        'GET admin/fee-plans': { data: [TERM_PLAN] },
        'PUT admin/fee-plans/7': (request: { body: unknown }) => ({
          data: { ...TERM_PLAN, ...(request.body as object) },
        }),
      },
      '/payment?tab=plans',
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Clubs' }));
    const form = screen.getByRole('form', { name: PLAN_FORM_TEXTS.editTitle('Clubs') });
    await waitFor(() => expect(within(form).getByLabelText('Term')).toHaveValue('11'));
    expect(within(form).queryByRole('option', { name: /not in a school year/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/fee-plans/7']));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      term: 'Spring term',
      termId: 11,
    });
  });

  it('edits a plan with invoices: its class and items are shown but locked, its due date changes', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, api } = renderLedger(
      {
        'PUT admin/fee-plans/5': (request: { body: unknown }) => ({
          data: { ...PLAN, ...(request.body as object), items: PLAN.items },
        }),
      },
      '/payment?tab=plans',
    );
    const plans = within(await screen.findByRole('region', { name: 'Fee plans' })).getByRole('table');
    await user.click(within(rowOf(plans, 'Tuition')).getByRole('button', { name: 'Edit Tuition' }));
    const form = screen.getByRole('form', { name: PLAN_FORM_TEXTS.editTitle('Tuition') });
    expect(within(form).getByText(PLAN_FORM_TEXTS.locked)).toBeInTheDocument();
    const klass = within(form).getByLabelText('Class');
    await waitFor(() => expect(klass).toHaveValue('4'));
    expect(klass).toBeDisabled();
    expect(klass).toHaveAccessibleDescription(PLAN_FORM_TEXTS.locked);
    const items = within(form).getByRole('group', { name: 'Items (USD)' });
    expect(items).toBeDisabled();
    expect(items).toHaveAccessibleDescription(PLAN_FORM_TEXTS.locked);
    expect(within(form).getByLabelText('Amount of item 1')).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Add an item' })).toBeDisabled();

    await user.clear(within(form).getByLabelText('Due date'));
    await user.type(within(form).getByLabelText('Due date'), '2026-11-15');
    await user.type(within(form).getByLabelText('Plan name'), ' (revised)');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/fee-plans/5']));
    // The plan's own class and items go with the new name and date, so the server keeps them.
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Tuition (revised)',
      classId: 4,
      term: 'Autumn 2026',
      dueDate: '2026-11-15',
      items: [
        { name: 'Tuition', amount: 100_000 },
        { name: 'Books', amount: 25_000 },
      ],
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith(PLAN_FORM_TEXTS.updated('Tuition (revised)')));
  });

  it('editing a plan shows the server’s refusal: a 409 as a whole, a 400 at its field; Close leaves it', async () => {
    allowConsoleErrors();
    let answers = 0;
    const { user, api } = renderLedger(
      {
        'GET admin/fee-plans': { data: [{ ...PLAN, invoices: 0 }] },
        'PUT admin/fee-plans/5': () => {
          answers += 1;
          return answers === 1
            ? apiError(409, 'PLAN_HAS_INVOICES', FEE_MESSAGES.planHasInvoices)
            : answer(400, {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'dueDate: Please choose a real date',
                  details: [{ field: 'dueDate', message: 'Please choose a real date' }],
                },
              });
        },
      },
      '/payment?tab=plans',
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Tuition' }));
    const form = screen.getByRole('form', { name: PLAN_FORM_TEXTS.editTitle('Tuition') });
    await waitFor(() => expect(within(form).getByLabelText('Class')).toHaveValue('4'));
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(FEE_MESSAGES.planHasInvoices);
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Due date')).toHaveAccessibleDescription(
        'Please choose a real date',
      ),
    );
    expect(api.calls('PUT')).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('form', { name: PLAN_FORM_TEXTS.editTitle('Tuition') })).toBeNull();
    expect(screen.getByRole('form', { name: PLAN_FORM_TEXTS.newTitle })).toBeInTheDocument();
  });

  it('shows a plan’s invoices with their states and discounts', async () => {
    renderLedger({}, '/payment?tab=plans&plan=5');
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    const table = await within(region).findByRole('table');
    expect(columnsOf(table)).toEqual(['Pupil', 'Total', 'Paid', 'Balance', 'Status', 'Actions']);
    const aisha = rowOf(table, 'Aisha Rahman');
    expect(aisha).toHaveTextContent('Part paid');
    expect(aisha).toHaveTextContent('$750.00');
    const ben = rowOf(table, 'Ben Okafor');
    expect(ben).toHaveTextContent('Paid');
    await waitFor(() => expect(ben).toHaveTextContent('$156.25 off (12.5 %): Sibling'));
    expect(within(ben).queryByRole('button', { name: /Record payment/ })).toBeNull();
    expect(within(aisha).getByRole('link', { name: /Aisha Rahman/ })).toHaveAttribute(
      'href',
      '/payment?tab=statement&student=31',
    );
  });

  it('gives a pupil a percentage discount: 12.5 is sent as 1250 basis points', async () => {
    const { user, api } = renderLedger(
      {
        'PUT admin/fee-plans/5/discounts/31': {
          data: {
            planId: 5,
            studentId: 31,
            studentName: 'Aisha Rahman',
            kind: 'percent',
            value: 1250,
            reason: 'Staff child',
          },
        },
      },
      '/payment?tab=plans&plan=5',
    );
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Discount for Aisha Rahman' }));
    const form = screen.getByRole('form', { name: 'Discount for Aisha Rahman' });
    await user.type(within(form).getByLabelText('Percent off (e.g. 12.5)'), '12.555');
    await user.type(within(form).getByLabelText('Reason'), 'Staff child');
    await user.click(within(form).getByRole('button', { name: 'Save discount' }));
    await fieldError(form, 'Percent off (e.g. 12.5)', FEE_MESSAGES.percentInvalid);
    await user.clear(within(form).getByLabelText('Percent off (e.g. 12.5)'));
    await user.type(within(form).getByLabelText('Percent off (e.g. 12.5)'), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Save discount' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/fee-plans/5/discounts/31']));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      kind: 'percent',
      basisPoints: 1250,
      reason: 'Staff child',
    });
  });

  it('gives a fixed discount in cents', async () => {
    const { user, api } = renderLedger(
      {
        'PUT admin/fee-plans/5/discounts/31': {
          data: {
            planId: 5,
            studentId: 31,
            studentName: 'Aisha Rahman',
            kind: 'fixed',
            value: 5050,
            reason: 'Bursary',
          },
        },
      },
      '/payment?tab=plans&plan=5',
    );
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Discount for Aisha Rahman' }));
    const form = screen.getByRole('form', { name: 'Discount for Aisha Rahman' });
    await user.click(within(form).getByLabelText('Fixed amount (USD)'));
    await user.type(within(form).getByLabelText('Amount off (USD)'), '50.50');
    await user.type(within(form).getByLabelText('Reason'), 'Bursary');
    await user.click(within(form).getByRole('button', { name: 'Save discount' }));
    await waitFor(() => expect(api.calls('PUT')).toHaveLength(1));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      kind: 'fixed',
      amount: 5050,
      reason: 'Bursary',
    });
  });

  it('removes a pupil’s discount after asking, with a toast; keeping it sends nothing', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, api } = renderLedger(
      { 'DELETE admin/fee-plans/5/discounts/32': answer(204) },
      '/payment?tab=plans&plan=5',
    );
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    const table = await within(region).findByRole('table');
    const remove = await within(rowOf(table, 'Ben Okafor')).findByRole('button', {
      name: 'Remove discount for Ben Okafor',
    });
    // Only a pupil with a discount has one.
    expect(
      within(rowOf(table, 'Aisha Rahman')).queryByRole('button', { name: /Remove discount/ }),
    ).toBeNull();

    await user.click(remove);
    let dialog = screen.getByRole('alertdialog', { name: DISCOUNT_TEXTS.removeTitle('Ben Okafor') });
    expect(dialog).toHaveAccessibleDescription(DISCOUNT_TEXTS.removeBody('Ben Okafor', '$1,250.00'));
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('DELETE')).toEqual([]);

    await user.click(remove);
    dialog = screen.getByRole('alertdialog', { name: DISCOUNT_TEXTS.removeTitle('Ben Okafor') });
    await user.click(within(dialog).getByRole('button', { name: DISCOUNT_TEXTS.remove }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['DELETE admin/fee-plans/5/discounts/32']));
    await waitFor(() => expect(success).toHaveBeenCalledWith(DISCOUNT_TEXTS.removed('Ben Okafor')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a discount that cannot be removed says why, in the server’s words', async () => {
    allowConsoleErrors();
    const failure = vi.spyOn(notify, 'error');
    const { user } = renderLedger(
      {
        'DELETE admin/fee-plans/5/discounts/32': apiError(404, 'NOT_FOUND', 'That discount was not found.'),
      },
      '/payment?tab=plans&plan=5',
    );
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Remove discount for Ben Okafor' }));
    const dialog = screen.getByRole('alertdialog', { name: DISCOUNT_TEXTS.removeTitle('Ben Okafor') });
    await user.click(within(dialog).getByRole('button', { name: DISCOUNT_TEXTS.remove }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('That discount was not found.'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels an invoice with a reason, and shows the server’s refusal', async () => {
    allowConsoleErrors();
    const { user, api } = renderLedger(
      { 'POST fees/invoices/11/cancel': apiError(409, 'CONFLICT', FEE_MESSAGES.invoiceHasPayments) },
      '/payment?tab=plans&plan=5',
    );
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Cancel invoice of Aisha Rahman' }));
    const form = screen.getByRole('form', { name: 'Cancel the invoice of Aisha Rahman' });
    await user.click(within(form).getByRole('button', { name: 'Cancel invoice' }));
    await fieldError(form, 'Reason', FEE_MESSAGES.enterReason);
    expect(within(form).getByLabelText('Reason')).toHaveFocus();
    expect(api.calls('POST')).toEqual([]);
    await user.type(within(form).getByLabelText('Reason'), 'Left the school');
    await user.click(within(form).getByRole('button', { name: 'Cancel invoice' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(FEE_MESSAGES.invoiceHasPayments);
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'Left the school' });
  });

  it('records a payment with one Idempotency-Key per submission, offers credit on 409 and links the receipt', async () => {
    allowConsoleErrors();
    let calls = 0;
    const recorded = payment({
      id: 71,
      receiptNo: 43,
      amount: 80_000,
      applied: 75_000,
      credit: 5_000,
      balanceAfter: -5_000,
      method: 'cash',
      reference: '',
      paidOn: '2026-11-20',
    });
    const { user, api } = renderLedger(
      {
        'POST fees/payments': (request: { body: unknown }) => {
          calls += 1;
          const body = request.body as { asCredit: boolean };
          // The first refusal has the overpayment's text under another code: the form goes by the code.
          return body.asCredit
            ? { data: recorded }
            : apiError(
                409,
                calls === 1 ? 'CONFLICT' : FEE_ERROR_CODES.aboveOutstanding,
                FEE_MESSAGES.aboveOutstanding('$750.00'),
              );
        },
      },
      '/payment?tab=plans&plan=5',
    );
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T03:00:00Z') });
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Record payment from Aisha Rahman' }));
    vi.useRealTimers();
    // A dialog over the row: the focus is in its first field.
    const dialog = screen.getByRole('dialog', { name: 'Record a payment from Aisha Rahman' });
    const form = within(dialog).getByRole('form', { name: 'Record a payment from Aisha Rahman' });
    expect(within(form).getByLabelText('Amount (USD)')).toHaveFocus();
    // The outstanding amount by default, and the school's today (still the 20th in New York).
    expect(within(form).getByLabelText('Amount (USD)')).toHaveValue('750.00');
    expect(within(form).getByLabelText('Paid on')).toHaveValue('2026-11-20');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await fieldError(form, 'Method', FEE_MESSAGES.chooseMethod);
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.selectOptions(within(form).getByLabelText('Method'), 'cash');
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '800');
    expect(within(form).queryByLabelText(PAYMENT_TEXTS.asCredit)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    // Under a code that is not the overpayment's, the sentence is the form's problem, and no credit is offered.
    expect(await within(form).findByRole('alert')).toHaveTextContent(/still owed on the invoice/);
    expect(within(form).queryByLabelText(PAYMENT_TEXTS.asCredit)).toBeNull();
    // Sent again unchanged, the same key goes with it (a retry of the same payment).
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(await within(form).findByLabelText(PAYMENT_TEXTS.asCredit)).toBeInTheDocument();
    // ABOVE_OUTSTANDING belongs to the amount: its reason sits under that field.
    await fieldError(form, 'Amount (USD)', FEE_MESSAGES.aboveOutstanding('$750.00'));
    const [first, again] = idempotencyKeys(api.spy);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBe(first);

    // Another request (with the credit) gets a key of its own.
    await user.click(within(form).getByLabelText(PAYMENT_TEXTS.asCredit));
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    const done = await screen.findByRole('region', { name: PAYMENT_TEXTS.recorded(43) });
    expect(within(done).getByRole('heading')).toHaveFocus();
    const keys = idempotencyKeys(api.spy);
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
    expect(api.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      invoiceId: AISHA_INVOICE.id,
      amount: 80_000,
      method: 'cash',
      reference: '',
      paidOn: '2026-11-20',
      asCredit: true,
    });
    expect(done).toHaveTextContent('$800.00 from Aisha Rahman ($50.00 kept as credit)');
    expect(done).toHaveTextContent('Balance now: $50.00 in credit');
    expect(within(done).getByRole('link', { name: 'Download receipt No. 43' })).toHaveAttribute(
      'href',
      '/api/fees/payments/71/receipt.pdf',
    );
  });

  it('refuses a payment in fractions of a cent or of a yen, saying so, and sends nothing', async () => {
    const yen = invoice({
      id: 14,
      studentId: 34,
      studentName: 'Daichi Sato',
      currency: 'JPY',
      balance: 5_000,
    });
    const { user, api } = renderLedger(
      { 'GET admin/fee-plans/5/invoices': { data: [AISHA_INVOICE, yen] } },
      '/payment?tab=plans&plan=5',
    );
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Record payment from Aisha Rahman' }));
    let form = screen.getByRole('form', { name: 'Record a payment from Aisha Rahman' });
    await user.selectOptions(within(form).getByLabelText('Method'), 'cash');
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await fieldError(
      form,
      'Amount (USD)',
      'The amount must be in whole cents: at most 2 decimals, e.g. $12.34.',
    );
    await user.clear(within(form).getByLabelText('Amount (USD)'));
    await user.type(within(form).getByLabelText('Amount (USD)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await fieldError(form, 'Amount (USD)', FEE_MESSAGES.paymentAmountInvalid);

    // Escape closes the dialog and gives the focus back to the button that opened it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Record payment from Aisha Rahman' })).toHaveFocus();
    await user.click(within(region).getByRole('button', { name: 'Record payment from Daichi Sato' }));
    form = screen.getByRole('form', { name: 'Record a payment from Daichi Sato' });
    expect(within(form).getByLabelText('Amount (JPY)')).toHaveValue('5000');
    await user.selectOptions(within(form).getByLabelText('Method'), 'cash');
    await user.clear(within(form).getByLabelText('Amount (JPY)'));
    await user.type(within(form).getByLabelText('Amount (JPY)'), '5.5');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await fieldError(
      form,
      'Amount (JPY)',
      'The amount must be in whole units of JPY: no decimals, e.g. ¥1,234.',
    );
    expect(api.calls('POST')).toEqual([]);
  });

  it('refuses a fixed discount in fractions of a cent', async () => {
    const { user, api } = renderLedger({}, '/payment?tab=plans&plan=5');
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Discount for Aisha Rahman' }));
    const form = screen.getByRole('form', { name: 'Discount for Aisha Rahman' });
    await user.click(within(form).getByLabelText('Fixed amount (USD)'));
    await user.type(within(form).getByLabelText('Amount off (USD)'), '50.505');
    await user.type(within(form).getByLabelText('Reason'), 'Bursary');
    await user.click(within(form).getByRole('button', { name: 'Save discount' }));
    await fieldError(form, 'Amount off (USD)', FEE_MESSAGES.amountFraction('USD'));
    expect(api.calls('PUT')).toEqual([]);
  });

  it('a double click records one payment: the button waits for the answer', async () => {
    let resolve: (value: unknown) => void = () => {};
    const { user, api } = renderLedger(
      {
        'POST fees/payments': () =>
          new Promise((done) => {
            resolve = done;
          }),
      },
      '/payment?tab=plans&plan=5',
    );
    const region = await screen.findByRole('region', { name: 'Invoices of Tuition' });
    await user.click(await within(region).findByRole('button', { name: 'Record payment from Aisha Rahman' }));
    const form = screen.getByRole('form', { name: 'Record a payment from Aisha Rahman' });
    await user.selectOptions(within(form).getByLabelText('Method'), 'card');
    await user.dblClick(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.calls('POST')).toHaveLength(1));
    expect(within(form).getByRole('button', { name: 'Recording…' })).toBeDisabled();
    resolve({ data: payment({ id: 72, receiptNo: 44, amount: 75_000, balanceAfter: 0 }) });
    expect(await screen.findByRole('region', { name: PAYMENT_TEXTS.recorded(44) })).toBeInTheDocument();
    expect(api.calls('POST')).toHaveLength(1);
  });

  it('downloads a receipt with the bearer token', async () => {
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, api } = renderLedger(
      { 'GET fees/payments/70/receipt.pdf': { pdf: true } },
      '/payment?tab=statement&student=31',
    );
    const link = await screen.findByRole('link', { name: 'Download receipt No. 42' });
    await user.click(link);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.calls('GET')).toContain('GET fees/payments/70/receipt.pdf');
    const call = api.spy.mock.calls.find(([input]) => String(input).endsWith('receipt.pdf'));
    const init = call?.[1] as RequestInit | undefined;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-token');
  });

  it('shows a pupil’s statement with the running balance, and voids a payment with a reason', async () => {
    const { user, api } = renderLedger(
      {
        'POST fees/payments/70/void': {
          data: payment({ voidedAt: '2026-11-20T15:00:00.000Z', voidReason: 'Bounced' }),
        },
      },
      '/payment?tab=statement&student=31',
    );
    expect(
      await screen.findByRole('heading', { name: 'Statement of Aisha Rahman: $750.00' }),
    ).toBeInTheDocument();
    const first = within(screen.getByRole('region', { name: 'Statement of Aisha Rahman' })).getByRole(
      'table',
    );
    expect(columnsOf(first)).toEqual(['Date', 'What', 'Amount', 'Balance']);
    expect(rowOf(first, 'receipt No. 42')).toHaveTextContent('− $500.00');
    expect(rowOf(first, 'Tuition, Autumn 2026')).toHaveTextContent('$1,250.00');
    // An instant is shown as its day in the school's time zone (New York), kept whole for machines.
    expect(within(rowOf(first, 'receipt No. 42')).getByText('Thu, 15 Oct 2026')).toHaveAttribute(
      'datetime',
      '2026-10-16T02:00:00.000Z',
    );
    expect(rowOf(first, 'Tuition, Autumn 2026')).toHaveTextContent('Fri, 2 Oct 2026');
    const paid = within(screen.getByRole('region', { name: 'Payments of Aisha Rahman' })).getByRole('table');
    expect(within(rowOf(paid, 'No. 42')).getByText('Thu, 15 Oct 2026')).toHaveAttribute(
      'datetime',
      '2026-10-15',
    );

    await user.click(await screen.findByRole('button', { name: 'Void receipt No. 42' }));
    const form = screen.getByRole('form', { name: 'Void the payment of receipt No. 42' });
    await user.type(within(form).getByLabelText('Reason'), 'Bounced');
    await user.click(within(form).getByRole('button', { name: 'Void payment' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST fees/payments/70/void']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'Bounced' });
  });

  it('lists overdue invoices: an email reminder, or a hint and a letter when no guardian has an email', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, api } = renderLedger(
      {
        'GET admin/fees/overdue': {
          data: [
            overdueRow(),
            overdueRow({
              invoiceId: 13,
              studentId: 33,
              studentName: 'Cara Mensah',
              canEmail: false,
              daysOverdue: 40,
            }),
          ],
        },
        'POST admin/fees/invoices/11/reminder': { data: { emailed: 2 } },
      },
      '/payment?tab=overdue',
    );
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual([
      'Pupil',
      'Class',
      'Plan',
      'Outstanding',
      'Due',
      'Days overdue',
      'Last reminder',
      'Reminders',
    ]);
    const cara = rowOf(table, 'Cara Mensah');
    expect(cara).toHaveTextContent('40');
    expect(within(cara).getByText('Sun, 1 Nov 2026')).toHaveAttribute('datetime', '2026-11-01');
    const blocked = within(cara).getByRole('button', { name: /Email reminder/ });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription('No guardian has an email: print the letter.');
    expect(within(cara).getByRole('button', { name: 'Print letter for Cara Mensah' })).toBeEnabled();

    const aisha = rowOf(table, 'Aisha Rahman');
    await user.click(
      within(aisha).getByRole('button', { name: 'Email reminder to Aisha Rahman’s guardians' }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Reminder sent to 2 guardians of Aisha Rahman.'),
    );
    expect(api.calls('POST')).toEqual(['POST admin/fees/invoices/11/reminder']);
  });

  it('exports the ledger as CSV and reads the audit log', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, api } = renderLedger(
      {
        'GET admin/fees/ledger.csv': { csv: true },
        'GET admin/fees/audit?page=1': {
          data: [
            {
              id: 1,
              at: '2026-11-20T14:00:00.000Z',
              actor: 'Grace Principal',
              action: 'create',
              entity: 'payment',
              entityId: 70,
              before: null,
              after: { amount: 50000 },
            },
          ],
          page: 1,
          pageSize: 100,
          total: 1,
        },
      },
      '/payment?tab=audit',
    );
    const table = await screen.findByRole('table');
    const row = rowOf(table, 'Grace Principal');
    expect(row).toHaveTextContent('create payment 70');
    expect(row).toHaveTextContent('{"amount":50000}');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.calls('GET')).toContain('GET admin/fees/ledger.csv');
  });

  it('the statement finds a pupil by name: any part, any case, accents aside; the match opens theirs', async () => {
    const { user } = renderLedger({}, '/payment?tab=statement');
    expect(await screen.findByText(STATEMENT_TEXTS.choose)).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: STATEMENT_TEXTS.search });
    await user.type(search, 'ZOE');
    const matches = await screen.findByRole('list', { name: 'Pupils matching ZOE' });
    expect(
      within(matches)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Zoë Aisling (Class 2)']);
    await user.clear(search);
    await user.type(search, 'ai');
    const both = await screen.findByRole('list', { name: 'Pupils matching ai' });
    expect(
      within(both)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Aisha Rahman (Class 1)', 'Zoë Aisling (Class 2)']);
    await user.click(within(both).getByRole('link', { name: 'Aisha Rahman (Class 1)' }));
    expect(await screen.findByRole('heading', { name: /^Statement of Aisha Rahman/ })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: STATEMENT_TEXTS.search }), 'nobody');
    expect(await screen.findByText(STATEMENT_TEXTS.none('nobody'))).toBeInTheDocument();
  });

  it('a pupil’s fees for the principal come from fees/student', async () => {
    renderLedger(
      { 'GET fees/student/31': { data: studentFees({ payments: [] }) } },
      '/payment?tab=statement&student=31',
    );
    expect(await screen.findByText('No payments recorded for this pupil.')).toBeInTheDocument();
  });
});

describe('Payment on a device in another time zone than the school', () => {
  onDeviceIn('Asia/Tokyo');

  it('the audit log says when on the school’s clock (New York), not the device’s (Tokyo)', async () => {
    // 14:00 UTC is 09:00 in New York (23:00 in Tokyo).
    renderLedger(
      {
        'GET admin/fees/audit?page=1': {
          data: [
            {
              id: 1,
              at: '2026-11-20T14:00:00.000Z',
              actor: 'Grace Principal',
              action: 'create',
              entity: 'payment',
              entityId: 70,
              before: null,
              after: { amount: 50000 },
            },
          ],
          page: 1,
          pageSize: 100,
          total: 1,
        },
      },
      '/payment?tab=audit',
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('20 Nov 2026, 09:00')).toHaveAttribute(
      'datetime',
      '2026-11-20T14:00:00.000Z',
    );
  });
});

import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { FEE_MESSAGES, type StudentFees, StudentFeesSchema } from '../src/shared/api/fees.js';
import { SchoolYearsAnswerSchema } from '../src/shared/api/school-years.js';
import { formatMoney } from '../src/shared/rules/money.js';
import { blockingViolations } from './support/axe.js';
import { logInMade, makeFeesFamily } from './support/fees-data.js';
import { expect, test } from './support/fixtures.js';

/**
 * docs/decisions/0026-fees.md end to end: the principal makes a fee plan for a class of the test's
 * own (one pupil, her father: e2e/support/fees-data.ts), issues its invoices, moves its due date,
 * records part of the pupil's invoice as paid in cash in the dialog over her row and downloads the
 * receipt (a PDF), finds her statement by her name; the father then sees the new balance on /fees.
 *
 * Every record it changes is its own, so it reads and changes no demo record and may run in any
 * order beside the other specs.
 */

const PRINCIPAL = 'principal@demo.school';
/** The plan's two items, as typed and in cents: $120.00 + $30.25. */
const ITEMS = [
  { name: 'School trip', text: '120', cents: 12_000 },
  { name: 'Trip lunch', text: '30.25', cents: 3_025 },
];
const PAID = { text: '40.50', cents: 4_050 };

const rowWith = (table: Locator, text: string): Locator => table.getByRole('row').filter({ hasText: text });

/** axe on the screen as it is, at a phone's width and a desktop's; the page is left at 1280 px. */
async function axeClean(page: Page, what: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await blockingViolations(page, what, width), `${what} at ${width} px`).toEqual([]);
  }
}

// axe's script is injected into the page, which the app's CSP would refuse.
test.use({ bypassCSP: true });

test('the principal bills a class, records a payment in its dialog with the receipt, and the parent sees the balance', async ({
  page,
  browser,
  request,
  baseURL,
  logInAs,
  tokenFor,
}) => {
  // Its own class, pupil and parent are made first, then two sessions walk the whole ledger: more
  // than the minute a test has on the shared 2-core machine.
  test.slow();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const planName = `Trip ${stamp}`;
  const principalToken = await tokenFor(PRINCIPAL);
  const family = await makeFeesFamily(request, principalToken, stamp);
  // The plan's term: the current school year's last, chosen in the form's select of the years' terms.
  const years = await request.get('/api/admin/school-years', {
    headers: { Authorization: `Bearer ${principalToken}` },
  });
  expect(years.status()).toBe(200);
  const currentYear = SchoolYearsAnswerSchema.parse(await years.json()).data.find((year) => year.current);
  const term = currentYear?.terms.at(-1);
  if (!currentYear || !term) throw new Error('the demo school has a current year with terms');
  const PUPIL = family.pupil.name;

  // The parent's own session, for the calls that read the pupil's fees as the parent does.
  const parentContext = await browser.newContext();
  const parentToken = await logInMade(request, parentContext, String(baseURL), family.parent);
  const asParent = { headers: { Authorization: `Bearer ${parentToken}` } };
  const feesOf = async (): Promise<StudentFees> => {
    const answer = await request.get(`/api/fees/student/${family.pupil.id}`, asParent);
    expect(answer.status()).toBe(200);
    return StudentFeesSchema.parse(((await answer.json()) as { data: unknown }).data);
  };
  const before = await feesOf();
  expect(before.balance, 'a new pupil owes nothing').toBe(0);

  // The plan's row, its invoices and the payment's receipt, as the steps below find them.
  const plans = page.getByRole('region', { name: 'Fee plans', exact: true }).getByRole('table');
  const planRow = rowWith(plans, planName);
  const invoices = page.getByRole('region', { name: `Invoices of ${planName}`, exact: true });
  const pupilRow = rowWith(invoices.getByRole('table'), PUPIL);
  const recorded = page.getByRole('region', { name: /^Payment recorded, receipt No\. \d+\.$/ });

  await test.step('the principal makes the plan', async () => {
    await logInAs(PRINCIPAL);
    await page.goto('/payment?tab=plans');
    const form = page.getByRole('form', { name: 'New fee plan' });
    await form.getByLabel('Plan name').fill(planName);
    await form.getByLabel('Class', { exact: true }).selectOption({ label: family.className });
    await form.getByLabel('Term').selectOption(String(term.id));
    await form.getByLabel('Due date').fill('2027-01-15');
    await form.getByLabel('Item 1', { exact: true }).fill(ITEMS[0]?.name ?? '');
    await form.getByLabel('Amount of item 1').fill(ITEMS[0]?.text ?? '');
    await form.getByRole('button', { name: 'Add an item' }).click();
    await form.getByLabel('Item 2', { exact: true }).fill(ITEMS[1]?.name ?? '');
    await form.getByLabel('Amount of item 2').fill(ITEMS[1]?.text ?? '');
    await form.getByRole('button', { name: 'Save plan' }).click();

    await expect(planRow).toContainText(family.className);
    await expect(planRow).toContainText(`${term.name}${currentYear.name}`);
    await expect(planRow).toContainText(formatMoney(15_025, before.currency));
  });

  await test.step('the principal issues its invoices and moves its due date later', async () => {
    // Issued: one invoice per pupil of Class 2; a second issue creates none.
    await planRow.getByRole('button', { name: `Issue invoices of ${planName}` }).click();
    await expect(page.locator('.Toastify')).toContainText('1 invoice created');
    await expect(planRow).toContainText('Fri, 15 Jan 2027');

    // Invoiced, the plan still takes a later due date; its class and items are locked.
    await planRow.getByRole('button', { name: `Edit ${planName}` }).click();
    const edit = page.getByRole('form', { name: `Edit the plan ${planName}` });
    await expect(edit.getByLabel('Class', { exact: true })).toBeDisabled();
    await expect(edit.getByLabel('Amount of item 1')).toBeDisabled();
    await edit.getByLabel('Due date').fill('2027-01-22');
    await edit.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.locator('.Toastify')).toContainText(`The plan “${planName}” is saved.`);
    await expect(planRow.locator('time[datetime="2027-01-22"]')).toHaveText('Fri, 22 Jan 2027');
    await expect(planRow).toContainText(formatMoney(15_025, before.currency));

    await planRow.getByRole('button', { name: `Show invoices of ${planName}` }).click();
    await expect(pupilRow).toContainText('Open');
  });

  await test.step('a part payment in cash, today, in the dialog over the row', async () => {
    const open = pupilRow.getByRole('button', { name: `Record payment from ${PUPIL}` });
    const dialog = page.getByRole('dialog', { name: `Record a payment from ${PUPIL}` });
    const payment = dialog.getByRole('form', { name: `Record a payment from ${PUPIL}` });
    // Escape closes it and the focus goes back to the button.
    await open.click();
    await expect(payment.getByLabel(/^Amount/)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await expect(payment.getByLabel(/^Amount/)).toHaveValue('150.25');
    await payment.getByLabel(/^Amount/).fill(PAID.text);
    await payment.getByLabel('Reference').fill(`Office ${stamp}`);
    // No method chosen: the reason sits by the method's field, and nothing is sent.
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(payment.getByLabel('Method')).toHaveAccessibleDescription(FEE_MESSAGES.chooseMethod);
    await axeClean(page, 'the record-payment dialog with a field error');
    await payment.getByLabel('Method').selectOption('cash');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(recorded).toContainText(`${formatMoney(PAID.cents, before.currency)} from ${PUPIL}`);
    await expect(pupilRow).toContainText('Part paid');
  });

  await test.step("the receipt: a PDF, fetched with the principal's token", async () => {
    const downloaded = page.waitForEvent('download');
    await recorded.getByRole('link', { name: /^Download receipt/ }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await file.path();
    expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const href = await recorded.getByRole('link', { name: /^Download receipt/ }).getAttribute('href');
    const pdf = await request.get(String(href), { headers: { Authorization: `Bearer ${principalToken}` } });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  await test.step('the statement finds the pupil by name', async () => {
    await recorded.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Statement', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Find a pupil by name' }).fill(PUPIL.toLowerCase());
    await expect(page.getByRole('link', { name: `${PUPIL} (${family.className})` })).toBeVisible();
    await axeClean(page, 'the statement’s search with a match');
    await page.getByRole('link', { name: `${PUPIL} (${family.className})` }).click();
    const expected = 15_025 - PAID.cents;
    await expect(
      page.getByRole('heading', { name: `Statement of ${PUPIL}: ${formatMoney(expected, before.currency)}` }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]student=${family.pupil.id}(&|$)`));
  });

  await test.step('the parent sees the new balance on /fees', async () => {
    const expected = before.balance + 15_025 - PAID.cents;
    const after = await feesOf();
    expect(after.balance).toBe(expected);
    const parentPage = await parentContext.newPage();
    await parentPage.goto('/fees');
    const child = parentPage.getByRole('region', { name: PUPIL, exact: true });
    await expect(child.locator('.fees-balance')).toHaveText(
      `Balance owed: ${formatMoney(expected, after.currency)}`,
    );
    const childInvoices = child.getByRole('region', { name: `Invoices of ${PUPIL}`, exact: true });
    await expect(rowWith(childInvoices.getByRole('table'), planName)).toContainText('Fri, 22 Jan 2027');
    await expect(child.getByRole('link', { name: /^Download receipt/ }).first()).toBeVisible();
    await parentContext.close();
  });
});

import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { ChildrenAnswerSchema } from '../src/shared/api/family.js';
import { type StudentFees, StudentFeesSchema } from '../src/shared/api/fees.js';
import { formatMoney } from '../src/shared/rules/money.js';
import { expect, test } from './support/fixtures.js';

/**
 * docs/decisions/0026-fees.md end to end, against the demo school: the principal makes a fee plan
 * for Class 2, issues its invoices, moves its due date, records part of Yusuf Rahman's as paid in cash and downloads the
 * receipt (a PDF); the demo parent, his father, then sees the new balance on /fees.
 *
 * It adds a plan, invoices and a payment to the demo ledger, so it is in CHANGES_SHARED_DATA
 * (playwright.config.ts) and runs after the specs that read the demo data.
 */

const PRINCIPAL = 'principal@demo.school';
const PARENT = 'parent@demo.school';
const YUSUF = 'Yusuf Rahman';
/** The plan's two items, as typed and in cents: $120.00 + $30.25. */
const ITEMS = [
  { name: 'School trip', text: '120', cents: 12_000 },
  { name: 'Trip lunch', text: '30.25', cents: 3_025 },
];
const PAID = { text: '40.50', cents: 4_050 };

const rowWith = (table: Locator, text: string): Locator => table.getByRole('row').filter({ hasText: text });

test('the principal bills Class 2, records a payment with its receipt, and the parent sees the balance', async ({
  page,
  browser,
  request,
  logInAs,
  tokenFor,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const planName = `Trip ${stamp}`;

  // What Yusuf owed before, as his father's account reads it.
  const parentToken = await tokenFor(PARENT);
  const asParent = { headers: { Authorization: `Bearer ${parentToken}` } };
  const children = ChildrenAnswerSchema.parse(
    await (await request.get('/api/family/children', asParent)).json(),
  );
  const yusuf = children.data.find((child) => child.studentName === YUSUF);
  expect(yusuf, 'Yusuf is a child of the demo parent').toBeDefined();
  const feesOf = async (): Promise<StudentFees> => {
    const answer = await request.get(`/api/fees/student/${yusuf?.studentId}`, asParent);
    expect(answer.status()).toBe(200);
    return StudentFeesSchema.parse(((await answer.json()) as { data: unknown }).data);
  };
  const before = await feesOf();

  // The plan's row, its invoices and the payment's receipt, as the steps below find them.
  const plans = page.getByRole('region', { name: 'Fee plans', exact: true }).getByRole('table');
  const planRow = rowWith(plans, planName);
  const invoices = page.getByRole('region', { name: `Invoices of ${planName}`, exact: true });
  const yusufRow = rowWith(invoices.getByRole('table'), YUSUF);
  const recorded = page.getByRole('region', { name: /^Payment recorded, receipt No\. \d+\.$/ });

  await test.step('the principal makes the plan', async () => {
    await logInAs(PRINCIPAL);
    await page.goto('/payment?tab=plans');
    const form = page.getByRole('form', { name: 'New fee plan' });
    await form.getByLabel('Plan name').fill(planName);
    await form.getByLabel('Class', { exact: true }).selectOption({ label: 'Class 2' });
    await form.getByLabel('Term').fill(`Spring ${stamp}`);
    await form.getByLabel('Due date').fill('2027-01-15');
    await form.getByLabel('Item 1', { exact: true }).fill(ITEMS[0]?.name ?? '');
    await form.getByLabel('Amount of item 1').fill(ITEMS[0]?.text ?? '');
    await form.getByRole('button', { name: 'Add an item' }).click();
    await form.getByLabel('Item 2', { exact: true }).fill(ITEMS[1]?.name ?? '');
    await form.getByLabel('Amount of item 2').fill(ITEMS[1]?.text ?? '');
    await form.getByRole('button', { name: 'Save plan' }).click();

    await expect(planRow).toContainText('Class 2');
    await expect(planRow).toContainText(formatMoney(15_025, before.currency));
  });

  await test.step('the principal issues its invoices and moves its due date later', async () => {
    // Issued: one invoice per pupil of Class 2; a second issue creates none.
    await planRow.getByRole('button', { name: `Issue invoices of ${planName}` }).click();
    await expect(page.locator('.Toastify')).toContainText(/[1-9]\d* invoices? created/);
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
    await expect(yusufRow).toContainText('Open');
  });

  await test.step('a part payment in cash, today', async () => {
    await yusufRow.getByRole('button', { name: `Record payment from ${YUSUF}` }).click();
    const payment = page.getByRole('form', { name: `Record a payment from ${YUSUF}` });
    await expect(payment.getByLabel(/^Amount/)).toHaveValue('150.25');
    await payment.getByLabel(/^Amount/).fill(PAID.text);
    await payment.getByLabel('Method').selectOption('cash');
    await payment.getByLabel('Reference').fill(`Office ${stamp}`);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(recorded).toContainText(`${formatMoney(PAID.cents, before.currency)} from ${YUSUF}`);
    await expect(yusufRow).toContainText('Part paid');
  });

  await test.step("the receipt: a PDF, fetched with the principal's token", async () => {
    const downloaded = page.waitForEvent('download');
    await recorded.getByRole('link', { name: /^Download receipt/ }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await file.path();
    expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const href = await recorded.getByRole('link', { name: /^Download receipt/ }).getAttribute('href');
    const principalToken = await tokenFor(PRINCIPAL);
    const pdf = await request.get(String(href), { headers: { Authorization: `Bearer ${principalToken}` } });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  await test.step('the parent sees the new balance on /fees', async () => {
    const expected = before.balance + 15_025 - PAID.cents;
    const after = await feesOf();
    expect(after.balance).toBe(expected);
    const parentContext = await browser.newContext();
    await logInAs(PARENT, parentContext);
    const parentPage = await parentContext.newPage();
    await parentPage.goto('/fees');
    const child = parentPage.getByRole('region', { name: YUSUF, exact: true });
    const owed = expected < 0 ? 'In credit:' : 'Balance owed:';
    await expect(child.locator('.fees-balance')).toHaveText(
      `${owed} ${formatMoney(Math.abs(expected), after.currency)}`,
    );
    const childInvoices = child.getByRole('region', { name: `Invoices of ${YUSUF}`, exact: true });
    await expect(rowWith(childInvoices.getByRole('table'), planName)).toContainText('Fri, 22 Jan 2027');
    await expect(child.getByRole('link', { name: /^Download receipt/ }).first()).toBeVisible();
    await parentContext.close();
  });
});

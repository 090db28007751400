import fs from 'node:fs';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';

/**
 * docs/decisions/0099-forms-and-permission-slips.md end to end, with a form of its own: the principal
 * drafts a trip permission slip for Class 2 (the demo parent's son's class) and sends it; the demo
 * parent answers and signs it on a 375 px phone; the principal sees it answered, the child allowed to
 * go (the consent ledger's, 0115-trips-in-the-consent-ledger.md), and downloads the CSV holding the
 * answer. Every screen of the feature is scanned by axe at 375 and 1280 px.
 */

test.use({ bypassCSP: true });

test('a trip form answered by the demo parent shows as answered', async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Museum trip ${Date.now().toString(36)}`;
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await logInAs('principal@demo.school');

  let formPath = '';
  await test.step('the principal drafts the trip form for Class 2', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/school-forms');
    await page.getByRole('link', { name: 'New form' }).click();
    await expect(page).toHaveURL(/\/school-forms\?new$/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('checkbox', { name: 'Class 2' })).toBeVisible();
      expect(await blockingViolations(page, '/school-forms?new', width)).toEqual([]);
    }
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description (optional)' }).fill('We visit the city museum.');
    await page.getByRole('checkbox', { name: 'Class 2' }).check();
    await page.getByLabel('Due date').fill(due);
    // A trip permission slip (docs/decisions/0115-trips-in-the-consent-ledger.md): question 1's
    // answer is kept as the child's consent to the trip.
    await page
      .getByRole('checkbox', { name: 'A trip permission slip: question 1 asks whether the child may go' })
      .check();
    expect(await blockingViolations(page, '/school-forms?new (trip)', 1280)).toEqual([]);
    await page
      .getByRole('textbox', { name: 'Question', exact: true })
      .fill('May your child come on the trip?');
    await page.getByRole('button', { name: 'Add a question' }).click();
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Kind of answer').selectOption('choice');
    await second.getByRole('textbox', { name: 'Question', exact: true }).fill('Lunch');
    await second.getByLabel('Options, one per line').fill('Packed lunch\nSchool lunch');
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await expect(page).toHaveURL(/\/school-forms\?form=\d+$/);
    const url = new URL(page.url());
    formPath = `${url.pathname}${url.search}`;
  });

  await test.step('and sends it to the families', async () => {
    await page.getByRole('button', { name: 'Send to the families' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send to the families' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The form is sent' })).toBeVisible();
  });

  await test.step('the demo parent answers and signs it on a phone', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 375, height: 800 } });
    await logInAs('parent@demo.school', context);
    const phone = await context.newPage();
    await phone.goto('/school-forms');
    const card = phone.getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText('not answered yet');
    expect(await blockingViolations(phone, '/school-forms', 375)).toEqual([]);
    await card.getByRole('link').click();
    await expect(phone).toHaveURL((url) => `${url.pathname}${url.search}` === formPath);
    await expect(phone.getByText(/kept as your child’s consent to this trip/)).toBeVisible();
    await phone.getByRole('radio', { name: 'Yes' }).check();
    await phone.getByRole('radio', { name: 'School lunch' }).check();
    await phone.getByRole('textbox', { name: 'Type your full name to sign' }).fill('Signed Parent');
    expect(await blockingViolations(phone, formPath, 375)).toEqual([]);
    await phone.getByRole('button', { name: 'Sign and send' }).click();
    await expect(phone.getByText('Thank you: your answer is signed and sent.')).toBeVisible();
    await expect(phone.getByText(/You answered and signed “Signed Parent”/)).toBeVisible();
    await testInfo.attach('parent-form-375', {
      body: await phone.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    await context.close();
  });

  await test.step('the principal sees it answered and downloads the CSV with the answer', async () => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(formPath);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      expect(await blockingViolations(page, formPath, width)).toEqual([]);
    }
    const answered = page.getByRole('row').filter({ hasText: 'Answers of' });
    await expect(answered).toHaveCount(1);
    await expect(page.getByText(/^1 of \d+ answered$/)).toBeVisible();
    // Who may go is the consent ledger's: the parent's yes, the others not answered.
    await expect(page.getByText(/^1 of \d+ may go$/)).toBeVisible();
    await expect(answered.locator('td[data-label="May go"]')).toHaveText('Yes');
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await downloaded).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('May your child come on the trip?,Lunch');
    expect(csv).toMatch(/,Signed Parent,[^,]+,Yes,School lunch\r\n/);
    await page.goto('/school-forms');
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('1 answered');
    expect(await blockingViolations(page, '/school-forms', 1280)).toEqual([]);
  });
});

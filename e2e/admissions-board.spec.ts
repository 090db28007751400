import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { mailsTo, nextMailTo } from './support/mailbox.js';

/**
 * docs/decisions/0105-the-admissions-board.md end to end: the principal opens Admissions from the
 * dashboard, finds the demo's Nursery families on the board (a visit booked, the waiting list),
 * opens one case with its history; then opens a case of its own (a family that phoned), books a
 * visit and makes an offer, whose mail reaches the family with its reply link. The board, a case and
 * the new case form are scanned by axe at 375 and 1280 px.
 */

test.use({ bypassCSP: true });

test('the principal moves a family along the admissions board and the offer is mailed', async ({
  page,
  logInAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const child = `Noor ${stamp}`;
  const email = `noor.${stamp}@example.org`;
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await logInAs('principal@demo.school');

  let boardPath = '';
  await test.step('the principal opens Admissions and the Nursery board shows the demo’s families', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    await page
      .getByRole('list', { name: 'Your school area' })
      .getByRole('link', { name: 'Admissions' })
      .click();
    await expect(page).toHaveURL(/\/admissions$/);
    await page.getByLabel('Class').selectOption({ label: 'Nursery' });
    await expect(page).toHaveURL(/\/admissions\?year=\d+&class=\d+$/);
    const url = new URL(page.url());
    boardPath = `${url.pathname}${url.search}`;
    const waiting = page.getByRole('region', { name: /^Waiting list/ });
    await expect(waiting.getByRole('link', { name: 'Open the case of Maya Chen' })).toBeVisible();
    await expect(waiting).toContainText('Number 1 on the waiting list');
    await expect(page.getByRole('region', { name: /^Visit booked/ })).toContainText('Sofia Haddad');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('region', { name: 'Seats' })).toBeVisible();
      expect(await blockingViolations(page, boardPath, width)).toEqual([]);
    }
    await testInfo.attach('admissions-board-1280', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  });

  await test.step('a demo case shows the family and its history', async () => {
    await page.getByRole('link', { name: 'Open the case of Hugo Bernard' }).click();
    await expect(page.getByRole('heading', { name: 'Hugo Bernard' })).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText('Opened at Enquiry');
    await expect(history).toContainText('Visit booked → Applied');
    await expect(history).toContainText('Application form brought in after the visit.');
    await expect(page.locator('#main-content').getByText('Français', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the board' }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === boardPath);
  });

  await test.step('the principal opens a case for a family that phoned', async () => {
    await page.getByRole('link', { name: 'New case' }).click();
    await expect(page).toHaveURL(/[?&]new=/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('textbox', { name: 'Child’s name' })).toBeVisible();
      expect(await blockingViolations(page, '/admissions?new', width)).toEqual([]);
    }
    await page.getByRole('textbox', { name: 'Child’s name' }).fill(child);
    await page.getByRole('textbox', { name: 'Family’s name' }).fill(`Family ${stamp}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Language of the family’s mails').selectOption('en');
    await page.getByRole('button', { name: 'Open the case' }).click();
    await expect(page).toHaveURL(/[?&]case=\d+/);
    await expect(page.getByRole('heading', { name: child })).toBeVisible();
  });

  await test.step('books a visit', async () => {
    const moves = page.getByRole('region', { name: 'Move the case' });
    await moves.getByRole('button', { name: 'Book a visit' }).click();
    await page.getByLabel('Visit date').fill(inDays(3));
    await page.getByLabel('Time', { exact: true }).fill('10:30');
    await page.getByRole('button', { name: 'Save the move' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The case is now at “Visit booked”.' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Enquiry → Visit booked');
    const url = new URL(page.url());
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await blockingViolations(page, `${url.pathname}${url.search}`, width)).toEqual([]);
    }
  });

  await test.step('makes an offer, mailed to the family with its reply link', async () => {
    const before = (await mailsTo(email)).length;
    await page
      .getByRole('region', { name: 'Move the case' })
      .getByRole('button', { name: 'Make an offer' })
      .click();
    await page.getByLabel('Last day to reply').fill(inDays(7));
    await page.getByRole('button', { name: 'Save the move' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The case is now at “Offered”.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Visit booked → Offered');
    const mail = await nextMailTo(email, before);
    expect(mail.subject).toBe(`A seat for ${child}`);
    expect(mail.text).toContain('Nursery');
    expect(mail.text).toMatch(/\/offer\?token=[\w-]{20,}/);
    // Back on the board the family is under Offered.
    await page.getByRole('link', { name: 'Back to the board' }).click();
    await expect(page.getByRole('region', { name: /^Offered/ })).toContainText(child);
  });
});

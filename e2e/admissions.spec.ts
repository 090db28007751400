import type { Page } from '@playwright/test';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { label, logInWithForm } from './support/forms.js';
import { mailsTo, nextMailTo } from './support/mailbox.js';
import { examDay } from './support/school-days.js';

/**
 * Admissions from the website to an enrolled child, nothing typed twice
 * (docs/decisions/0101-seats-that-mean-something.md, 0102-the-admissions-pipeline.md,
 * 0103-the-application-families-fill-in.md, 0104-enrolment-in-one-step.md and
 * 0105-the-admissions-board.md): a visitor books a seat in Class 2 on the public site; the principal finds the family on the board,
 * books a visit and makes an offer; the offer mail's links open the application, which the family
 * fills in on a phone, signs and sends, and the offer, which they accept; the principal reads the
 * application and enrols the child in one step; the new parent sets a password from the mail and
 * sees the child's dashboard; the public class card shows one seat fewer than before.
 *
 * Class 2 is this spec's own: the other admissions specs work in the first class taking admissions
 * (Nursery), so the seats counted here move only with this family.
 */

test.use({ bypassCSP: true });

const CLASS = 'Class 2';
const NEW_PASSWORD = 'sunflower-garden-58';

interface SeatsRow {
  className: string;
  free: number | null;
}

const linkIn = (text: string | undefined, path: string): string => {
  const link = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(text ?? '')?.[0];
  if (!link) throw new Error(`no ${path} link in the mail: ${text}`);
  return link;
};

async function freeSeats(page: Page): Promise<number> {
  const answer = await page.request.get('/api/admissions/seats');
  expect(answer.status()).toBe(200);
  const { classes } = (await answer.json()) as { classes: SeatsRow[] };
  const free = classes.find((row) => row.className === CLASS)?.free;
  if (typeof free !== 'number') throw new Error(`${CLASS} has no capacity in the admissions year`);
  return free;
}

/** The free seats Class 2's card on /class says. */
async function cardSays(page: Page): Promise<string> {
  await page.goto('/class');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: CLASS }) });
  return (
    (await card
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Free seats' }) })
      .getByRole('cell')
      .textContent()) ?? ''
  ).trim();
}

const seatsText = (free: number): string =>
  free === 0 ? 'Waiting list' : `${free} ${free === 1 ? 'seat' : 'seats'} left`;

async function expectAxeClean(page: Page, what: string, height = 900): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height });
    expect(await blockingViolations(page, what, width)).toEqual([]);
  }
}

test('a seat booked on the website becomes an enrolled child with a family account', async ({
  page,
  browser,
  logInAs,
  tokenFor,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const parentName = `Rosa Rivera ${stamp}`;
  const email = `rosa.${stamp}@example.org`;
  const childName = `Mila Rivera ${stamp}`;
  const headers = { Authorization: `Bearer ${await tokenFor('principal@demo.school')}` };
  const { day: startDate } = await examDay(page.request, headers);

  const freeBefore = await freeSeats(page);
  expect(freeBefore, `${CLASS} needs a free seat for this spec`).toBeGreaterThan(0);

  const phone = await browser.newContext({ bypassCSP: true, viewport: { width: 375, height: 800 } });
  const family = await phone.newPage();

  await test.step('a visitor books a seat in Class 2 on a phone', async () => {
    expect(await cardSays(family)).toBe(seatsText(freeBefore));
    const form = family.getByRole('form', { name: 'Book A Seat' });
    await form.getByLabel('Your Name').fill(parentName);
    await form.getByLabel('Your Email').fill(email);
    await form.getByLabel('Select A Class').selectOption(CLASS);
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(family.getByText('We have received your booking')).toBeVisible();
  });

  let casePath = '';
  await test.step('the principal finds the family on the board, books a visit and makes an offer', async () => {
    await logInAs('principal@demo.school');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admissions');
    await page.getByLabel('Class').selectOption({ label: CLASS });
    await page.getByRole('link', { name: `Open the case of ${parentName}’s child` }).click();
    await expect(page.getByRole('heading', { name: `${parentName}’s child` })).toBeVisible();
    const url = new URL(page.url());
    casePath = `${url.pathname}${url.search}`;
    await expect(page.getByRole('region', { name: 'History' })).toContainText('by the website');

    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const moves = page.getByRole('region', { name: 'Move the case' });
    await moves.getByRole('button', { name: 'Book a visit' }).click();
    await page.getByLabel('Visit date').fill(inDays(2));
    await page.getByLabel('Time', { exact: true }).fill('09:30');
    await page.getByRole('button', { name: 'Save the move' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The case is now at “Visit booked”.' }),
    ).toBeVisible();

    await moves.getByRole('button', { name: 'Make an offer' }).click();
    await page.getByLabel('Last day to reply').fill(inDays(10));
    await page.getByRole('button', { name: 'Save the move' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The case is now at “Offered”.' })).toBeVisible();
  });

  await test.step('the offer mail’s link opens the application; the family fills it in on the phone and sends it', async () => {
    // The offer's mail: its reply link, and the application's while it is not sent.
    let text = '';
    await expect
      .poll(async () => {
        text = (await mailsTo(email)).find((mail) => (mail.text ?? '').includes('/offer?token='))?.text ?? '';
        return text;
      })
      .toContain('/apply?token=');
    await family.goto(linkIn(text, '/apply'));
    const child = family.getByRole('group', { name: 'The child' });
    await child.getByLabel(label('Full name')).fill(childName);
    await child.getByLabel(label('Date of birth')).fill('2019-05-14');
    const guardian = family.getByRole('group', { name: 'Guardian 1' });
    await guardian.getByLabel(label('Full name')).fill(parentName);
    await guardian.getByLabel(label('Email')).fill(email);
    await guardian.getByLabel(label('Phone')).fill('+1 555 0177');
    await guardian.getByLabel(label('Relationship')).selectOption('Mother');
    await family.getByLabel(label('Allergies')).fill('Peanuts');
    await family.getByLabel(label('Start date')).fill(startDate);
    await family.getByLabel('We accept the school’s terms').check();
    await family.getByLabel(label('Signature: type your full name')).fill(parentName);
    await family.getByRole('button', { name: 'Send the application' }).click();
    await expect(family.getByRole('heading', { name: 'Your application' })).toBeVisible();
    const overflow = await family.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await family.goto(linkIn(text, '/offer'));
    await family.getByRole('button', { name: 'Accept the seat' }).click();
    await expect(family.getByText(/You accepted the seat/)).toBeVisible();
  });

  await test.step('the principal reads the application and enrols the child in one step', async () => {
    await page.goto(casePath);
    await expect(page.getByRole('heading', { name: childName })).toBeVisible();
    const spot = page.getByRole('region', { name: 'Application and enrolment' });
    await expect(spot).toContainText(`Sent and signed by ${parentName}`);
    await expect(spot).toContainText('Peanuts');
    await expectAxeClean(page, casePath);
    await page.setViewportSize({ width: 1280, height: 900 });
    await spot.getByRole('button', { name: 'Enrol the child' }).click();
    await expect(page.getByLabel('First day')).toHaveValue(startDate);
    await expectAxeClean(page, `${casePath} (enrol)`);
    const before = (await mailsTo(email)).length;
    await page.getByRole('button', { name: 'Enrol', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${childName} is enrolled in ${CLASS}` }),
    ).toBeVisible();
    await expect(page.getByText(`${parentName} (${email}): a new family account`)).toBeVisible();
    await testInfo.attach('enrolled-1280', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });

    const invite = await nextMailTo(email, before);
    await family.goto(linkIn(invite.text, '/reset-password'));
  });

  await test.step('the new parent sets a password from the mail and sees the child’s dashboard', async () => {
    const reset = family.getByRole('form', { name: 'Set a new password' });
    await reset.getByLabel(label('New password')).fill(NEW_PASSWORD);
    await reset.getByLabel(label('New password again')).fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await expect(reset.getByRole('status')).toBeVisible();
    await logInWithForm(family, email, NEW_PASSWORD);
    await expect(family).toHaveURL(/\/dashboard/);
    await expect(family.getByText(childName).first()).toBeVisible();
    await expect(family.getByText(CLASS).first()).toBeVisible();
  });

  await test.step('the public class card shows one seat fewer', async () => {
    expect(await freeSeats(family)).toBe(freeBefore - 1);
    expect(await cardSays(family)).toBe(seatsText(freeBefore - 1));
  });
  await phone.close();
});

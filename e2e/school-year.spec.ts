import type { Page } from '@playwright/test';
import { MESSAGES, USER_TYPE } from '../src/shared/constants.js';
import { divisionFor, MAX_MARKS_PER_SUBJECT, subjectResult } from '../src/shared/rules/mark-sheet.js';
import { expect, test } from './support/fixtures.js';
import { logInWithForm, registerWithForm } from './support/forms.js';
import { examDay } from './support/school-days.js';

/**
 * docs/decisions/0009-running-the-school-year.md end to end, through the screens a school uses: a new pupil
 * registers; the principal approves them, creates a class and a time slot, enrols the pupil and assigns a
 * teacher; that teacher enters the pupil's mark and writes to the class; the pupil logs in and sees the mark,
 * the division of their mark sheet and the teacher's notification; the principal sees the mark's history.
 *
 * The pupil, the class, the time slot and the teacher are the test's own (the teacher made through the API
 * by the ownAccount fixture), so the demo teacher's classes and the demo pupils' marks and notes, which
 * other specs read, stay as the demo made them.
 */

const PRINCIPAL = 'principal@demo.school';
/** A subject of the demo school; the teacher's assignment to it is the test's own. */
const SUBJECT = 'English';

/**
 * Collects the browser's alert() texts (the product's screens answer with alerts,
 * docs/contract/product.md#messages) and accepts them.
 */
function collectDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

async function logOut(page: Page): Promise<void> {
  await page.context().clearCookies();
}

test('a school year: a new pupil is approved, enrolled and taught, gets a mark and a notification', async ({
  page,
  request,
  ownAccount,
  tokenFor,
}) => {
  // Five log-ins and a dozen screens: about 35 s alone, 55-75 s beside the whole suite on a shared
  // 2-core machine, so twice the usual minute.
  test.setTimeout(120_000);
  const teacher = await test.step('a teacher of its own, registered and approved through the API', () =>
    ownAccount(USER_TYPE.teacher, 'Kwame Asante'));
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const pupil = {
    name: `Nia Brooks ${stamp}`,
    email: `nia.${stamp}@example.com`,
    password: `crayons-${stamp}`,
    type: USER_TYPE.student,
  };
  const className = `Year 2 ${stamp}`;
  const timeSlot = `16:00 - 16:45 (${stamp})`;
  const mark = 35 + (Date.now() % 60); // 35..94: a PASS, and any of the divisions
  const message = `Sports day on Friday, bring trainers (${stamp})`;
  const dialogs = collectDialogs(page);

  await test.step('a new pupil registers; the account waits for the principal', async () => {
    await registerWithForm(page, pupil);
  });

  await test.step('the principal approves them', async () => {
    await logInWithForm(page, PRINCIPAL);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/approvals');
    const card = page.getByRole('article', { name: pupil.name });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveCount(0);
  });

  await test.step('the principal creates a class and a time slot, and enrols the new pupil in the class', async () => {
    await page.goto('/school-setup');
    const classes = page.getByRole('region', { name: 'Classes' });
    await classes.getByLabel('New class').fill(className);
    await classes.getByRole('button', { name: 'Add class' }).click();
    await expect(classes.getByText(className, { exact: true })).toBeVisible();
    const slots = page.getByRole('region', { name: 'Time slots' });
    await slots.getByLabel('New time slot').fill(timeSlot);
    await slots.getByRole('button', { name: 'Add time slot' }).click();
    await expect(slots.getByText(timeSlot, { exact: true })).toBeVisible();

    const enrol = page.getByRole('form', { name: 'Enrol a pupil' });
    await enrol.getByLabel('Pupil').selectOption({ label: pupil.name });
    await enrol.getByLabel('Class').selectOption({ label: className });
    await enrol.getByRole('button', { name: 'Enrol' }).click();
    await expect(page.getByText('The pupil is in the class now.')).toBeVisible();
  });

  await test.step('the principal assigns the teacher to the class (Add Class Details on Student-class)', async () => {
    await page.goto('/student-class');
    await page.getByRole('button', { name: 'Add Class Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Class Details' });
    await expect(dialog.getByRole('option', { name: className })).toBeAttached();
    await expect(dialog.getByRole('option', { name: timeSlot })).toBeAttached();
    await dialog.getByLabel('Teacher').selectOption({ label: teacher.name });
    await dialog.getByLabel('Class', { exact: true }).selectOption({ label: className });
    await dialog.getByLabel('Subject').selectOption({ label: SUBJECT });
    await dialog.getByLabel('Time').selectOption({ label: timeSlot });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => dialogs).toContain(MESSAGES.classAdded);
    await expect(dialog).toBeHidden();
    const assignment = page.getByRole('row').filter({ hasText: className });
    await expect(assignment).toContainText(teacher.name);
    await expect(assignment).toContainText(timeSlot);
  });

  // The school's today when it is in a term, else the next term's first day: exams are set neither
  // in the past nor between terms (docs/decisions/0087-released-marks.md).
  const exam = await examDay(request, { authorization: `Bearer ${await tokenFor(PRINCIPAL)}` });
  await test.step('the principal schedules an exam of the subject for the class on a school day', async () => {
    await page.goto('/school-setup');
    const form = page.getByRole('form', { name: 'Add an exam' });
    await form.getByLabel('Exam class').selectOption({ label: className });
    await form.getByLabel('Exam subject').selectOption({ label: SUBJECT });
    await form.getByLabel('Date').fill(exam.day);
    await form.getByLabel('Time').fill('09:00 - 10:00');
    await form.getByRole('button', { name: 'Add exam' }).click();
    await expect(page.getByText('Exam added.')).toBeVisible();
  });

  await test.step("the teacher enters the pupil's mark, releases it and writes to the class", async () => {
    await logOut(page);
    await logInWithForm(page, teacher.email, teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/marks');
    await page.getByLabel('Class', { exact: true }).selectOption({ label: className });
    await page.getByLabel('Subject', { exact: true }).selectOption({ label: SUBJECT });
    await page.getByLabel('Exam', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel(pupil.name, { exact: true }).fill(String(mark));
    await page.getByRole('button', { name: 'Save Marks' }).click();
    await expect(page.getByText('Saved 1 mark.')).toBeVisible();
    // Pupils and parents see the marks once the exam is released (docs/decisions/0087-released-marks.md).
    await page.getByRole('button', { name: 'Release marks' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Release marks' }).click();
    await expect(page.getByText('The marks are released.')).toBeVisible();

    await page.goto('/send-notification');
    await page.getByLabel('Class', { exact: true }).selectOption({ label: className });
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Notification sent.')).toBeVisible();
  });

  const pupilId =
    await test.step('the pupil logs in with their own password and sees the mark, the division and the note', async () => {
      await logOut(page);
      await logInWithForm(page, pupil.email, pupil.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      // The dashboard's Notification tile counts the notes not yet read, the teacher's among them.
      const notificationTile = page.getByRole('link', { name: /^Notification, \d+ new$/ });
      await expect(notificationTile).toBeVisible();
      const unreadBefore = Number((await notificationTile.textContent())?.match(/(\d+) new/)?.[1]);
      expect(unreadBefore).toBeGreaterThan(0);

      // The results show one term, the exam's (docs/decisions/0094-last-years-mark-sheets.md).
      await page.goto(`/results?term=${exam.termId}`);
      const result = page.getByRole('row').filter({ hasText: SUBJECT });
      await expect(result).toHaveCount(1);
      await expect(result).toContainText(className);
      await expect(result.getByRole('cell', { name: String(mark), exact: true })).toBeVisible();

      await page.getByRole('link', { name: 'Your mark sheet' }).click();
      await expect(page).toHaveURL(new RegExp(`/result-summary/\\d+\\?term=${exam.termId}$`));
      const pupilId = Number(new URL(page.url()).pathname.split('/').pop());
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: SUBJECT })).toContainText(
        `${mark}${subjectResult(mark)}`,
      );
      const percentage = (mark * 100) / MAX_MARKS_PER_SUBJECT;
      const term = (name: string) =>
        page.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');
      await expect(term('Total')).toHaveText(`${mark} / ${MAX_MARKS_PER_SUBJECT}`);
      await expect(term('Percentage')).toHaveText(`${percentage}%`);
      await expect(term('Division')).toHaveText(divisionFor(percentage, subjectResult(mark) === 'FAIL'));

      await page.goto('/notification');
      const note = page.getByRole('row').filter({ hasText: message });
      await expect(note).toContainText(teacher.name);
      await expect(note).toContainText(className);
      // The unread badge: "New", with ", not yet read" for screen readers.
      const unreadBadge = /^New(, not yet read)?$/;
      await expect(note.getByText(unreadBadge)).toBeVisible();
      await note.getByRole('button', { name: /^Mark as read/ }).click();
      await expect(note.getByText(unreadBadge)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('row').filter({ hasText: message }).getByText(unreadBadge)).toHaveCount(0);
      await page.goto('/dashboard');
      await expect(
        page.getByRole('link', {
          name: unreadBefore > 1 ? `Notification, ${unreadBefore - 1} new` : 'Notification',
          exact: true,
        }),
      ).toBeVisible();
      return pupilId;
    });

  await test.step("the principal sees who entered the mark, in the pupil's mark history", async () => {
    await logOut(page);
    await logInWithForm(page, PRINCIPAL);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/result-summary/${pupilId}`);
    await page.getByRole('link', { name: 'Mark history' }).click();
    await expect(page).toHaveURL(new RegExp(`/mark-history/${pupilId}$`));
    const change = page.getByRole('row').filter({ hasText: SUBJECT });
    await expect(change).toHaveCount(1);
    await expect(change).toContainText('first entry');
    await expect(change).toContainText(String(mark));
    await expect(change).toContainText(teacher.name);
  });
});

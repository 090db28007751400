import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/constants.js';
import { expect, test } from './support/fixtures.js';

/**
 * The school area against the real server and its demo school (docs/contract/api.md#running-it): a teacher
 * records attendance and follows a pupil from Teacher-class; a pupil sees only their own results
 * and attendance; the principal adds a class assignment and meets a timetable clash.
 */

async function api<T>(request: APIRequestContext, token: string, call: string): Promise<T> {
  const response = await request.get(`/api/${call}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `GET ${call}`).toBe(200);
  return (await response.json()) as T;
}

/** Every alert the page raises, accepted at once. */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  return alerts;
}

const iso = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A school day (Monday to Friday) a few days back: saving attendance for it is allowed. */
function recentSchoolDay(): string {
  const day = new Date();
  day.setDate(day.getDate() - 3);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() - 1);
  return iso(day);
}

test.describe('as the demo teacher', () => {
  test('records a class’s attendance for a date, and the date shows it again after a reload', async ({
    page,
    logInAs,
  }) => {
    await logInAs('teacher@demo.school');
    const alerts = collectAlerts(page);
    const date = recentSchoolDay();

    await page.goto('/student-attendence');
    await expect(page.getByRole('heading', { name: 'Class Attendance' })).toBeVisible();
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'KG' });
    await expect(page).toHaveURL(new RegExp(`date=${date}`));

    const statuses = page.getByRole('combobox', { name: /^Status of / });
    await expect(statuses.first()).toBeVisible();
    const first = statuses.nth(0);
    const second = statuses.nth(1);
    const firstName = ((await first.getAttribute('aria-label')) ?? '').replace('Status of ', '');
    const secondName = ((await second.getAttribute('aria-label')) ?? '').replace('Status of ', '');
    await first.selectOption({ label: 'Absent' });
    await page.getByLabel(`Description for ${firstName}`).fill('E2E: fever, mother called');
    await second.selectOption({ label: 'On Leave' });
    await page.getByLabel(`Description for ${secondName}`).fill('E2E: family wedding');
    await page.getByRole('button', { name: 'Save Attendance' }).click();
    await expect.poll(() => alerts).toContain(MESSAGES.attendanceSaved);

    await page.reload();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(date);
    await expect(page.getByLabel(`Status of ${firstName}`)).toHaveValue('2');
    await expect(page.getByLabel(`Description for ${firstName}`)).toHaveValue('E2E: fever, mother called');
    await expect(page.getByLabel(`Status of ${secondName}`)).toHaveValue('3');
    await expect(page.getByLabel(`Description for ${secondName}`)).toHaveValue('E2E: family wedding');

    // Saving again updates the same day instead of adding a second record.
    await page.getByLabel(`Status of ${firstName}`).selectOption({ label: 'Present' });
    await page.getByRole('button', { name: 'Save Attendance' }).click();
    await expect.poll(() => alerts.filter((a) => a === MESSAGES.attendanceSaved)).toHaveLength(2);
    await page.reload();
    await expect(page.getByLabel(`Status of ${firstName}`)).toHaveValue('1');

    // The class report and the pupil's own history both know about the day.
    await page.getByRole('button', { name: 'Attendance Report' }).click();
    const report = page.getByRole('region', { name: 'Attendance report of KG' });
    await expect(report.getByRole('columnheader', { name: '% present' })).toBeVisible();
    await report.getByRole('link', { name: `History of ${secondName}` }).click();
    await expect(page).toHaveURL(/\/student-attendence\/\d+$/);
    const day = page.getByRole('row').filter({ hasText: 'E2E: family wedding' });
    await expect(day).toContainText('On Leave');
  });

  test('without a date, Save Attendance asks for one', async ({ page, logInAs }) => {
    await logInAs('teacher@demo.school');
    const alerts = collectAlerts(page);
    await page.goto('/student-attendence');
    await page.getByLabel('Date', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Attendance' }).click();
    await expect.poll(() => alerts).toEqual([MESSAGES.attendanceNeedsDate]);
  });

  test('opens a pupil’s profile and results from Teacher-class', async ({ page, logInAs }) => {
    await logInAs('teacher@demo.school');
    await page.goto('/teacher-class');
    await expect(page.getByRole('heading', { name: 'Your classes' })).toBeVisible();
    await page.getByRole('button', { name: 'View KG' }).click();
    await expect(page.getByRole('heading', { name: 'Pupils of KG' })).toBeVisible();

    const profile = page.getByRole('link', { name: /^Profile of / }).first();
    const pupil = ((await profile.textContent()) ?? '').replace(/^Profile of /, '').trim();
    await profile.click();
    await expect(page).toHaveURL(/\/student-profile\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Personal Profile' })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Pupils of KG' })).toBeVisible();
    await page
      .getByRole('link', { name: `Result of ${pupil}` })
      .first()
      .click();
    await expect(page).toHaveURL(/\/studentresult\/\d+$/);
    await expect(page.getByRole('heading', { name: `Results of ${pupil}` })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Result' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^(PASS|FAIL)$/ }).first()).toBeVisible();

    await page.getByRole('link', { name: 'View mark sheet' }).click();
    // The mark sheet of the term the results showed (docs/decisions/0094-last-years-mark-sheets.md).
    await expect(page).toHaveURL(/\/result-summary\/\d+\?term=\d+$/);
    await expect(page.getByText(pupil, { exact: true })).toBeVisible();
    await expect(page.getByText(/^(First Division|Second Division|Third Division|Fail)$/)).toBeVisible();

    await page.goto('/teacher-class?class=2');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/teacher-class$/);
    await expect(page.getByRole('button', { name: 'View KG' })).toBeVisible();
  });

  test('sees the week of a class from Schedule', async ({ page, logInAs }) => {
    await logInAs('teacher@demo.school');
    await page.goto('/schedule');
    await page.getByRole('link', { name: 'View Schedule Details of KG' }).click();
    await expect(page).toHaveURL(/\/schedule-summary\?classId=\d+$/);
    await expect(page.getByRole('heading', { name: 'Weekly Class Schedule' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Saturday' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText(/[A-Za-z]/);
  });
});

test.describe('as the demo student', () => {
  test('sees only their own results', async ({ page, request, logInAs, tokenFor }) => {
    const token = await logInAs('student@demo.school');
    const me = await api<{ results: { id: number; name: string } }>(request, token, 'users/profile');
    await page.goto('/results');
    const names = page.locator('tbody tr td:nth-child(2)');
    await expect(names.first()).toBeVisible();
    expect(new Set(await names.allTextContents())).toEqual(new Set([me.results.name]));

    const other = await api<{ results: { id: number } }>(
      request,
      await tokenFor('student2@demo.school'),
      'users/profile',
    );
    await page.goto(`/studentresult/${other.results.id}`);
    await expect(page.getByText(/^Not found\./)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    await page.goto(`/result-summary/${me.results.id}`);
    await expect(page.getByText(me.results.name, { exact: true })).toBeVisible();
    await expect(page.getByText('Division', { exact: true })).toBeVisible();
  });

  test('sees their own attendance report', async ({ page, logInAs }) => {
    await logInAs('student@demo.school');
    await page.goto('/attendance-report');
    await expect(page.getByRole('heading', { name: 'My attendance' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText(/Present|Absent|On Leave/);
    await expect(page.getByText('Present %')).toBeVisible();
  });
});

/**
 * The demo timetable fills every slot of every class (server test fixtures say the same), so a new
 * assignment needs a new time slot: the principal adds one through the set-up call. An existing one
 * (a retry) answers 409, which is as good.
 */
async function addFreeTimeSlot(request: APIRequestContext, token: string, label: string): Promise<boolean> {
  const response = await request.post('/api/admin/time-slots', {
    headers: { Authorization: `Bearer ${token}` },
    data: { label },
  });
  return response.status() === 201 || response.status() === 409;
}

test.describe('as the principal', () => {
  test('adds a class assignment, then meets the clash when adding it again', async ({
    page,
    request,
    logInAs,
  }) => {
    const slot = '15:00 - 15:45';
    const principal = await logInAs('principal@demo.school');
    const seeded = await addFreeTimeSlot(request, principal, slot);
    const alerts = collectAlerts(page);
    await page.goto('/student-class');
    const table = page.getByRole('table');
    await expect(table).toBeVisible();

    const fill = async (time: string) => {
      await page.getByRole('button', { name: 'Add Class Details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Class Details' });
      await expect(dialog.getByRole('option', { name: 'Amara Okafor' })).toBeAttached();
      await dialog.getByLabel('Teacher').selectOption({ label: 'Amara Okafor' });
      await dialog.getByLabel('Class', { exact: true }).selectOption({ label: 'KG' });
      await dialog.getByLabel('Subject').selectOption({ label: 'English' });
      await dialog.getByLabel('Time').selectOption({ label: time });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      return dialog;
    };

    expect(seeded, 'a free time slot added').toBe(true);
    const rowsBefore = await table.locator('tbody tr').count();
    const dialog = await fill(slot);
    await expect.poll(() => alerts).toContain(MESSAGES.classAdded);
    await expect(dialog).toBeHidden();
    await expect(table.locator('tbody tr')).toHaveCount(rowsBefore + 1);
    const added = table.getByRole('row').filter({ hasText: slot });
    await expect(added).toContainText('Amara Okafor');
    await expect(added).toContainText('KG');

    // The same teacher, class and time again: the server's 409 message shows in the modal.
    const clash = await fill(slot);
    await expect.poll(() => alerts).toContain(MESSAGES.classAddFailed);
    await expect(clash.getByRole('alert')).toContainText(/already/);
    await expect(clash).toBeVisible();
    await clash.getByRole('button', { name: 'Close' }).click();
    await expect(clash).toBeHidden();
  });

  test('sees each class’s attendance for a day and opens one', async ({ page, logInAs }) => {
    await logInAs('principal@demo.school');
    const date = recentSchoolDay();
    await page.goto(`/attendence?date=${date}`);
    await expect(page.getByRole('columnheader', { name: 'Not marked' })).toBeVisible();
    await page.getByRole('link', { name: 'Open attendance of KG' }).click();
    await expect(page).toHaveURL(new RegExp(`/student-attendence\\?classId=\\d+&date=${date}$`));
    await expect(page.getByLabel('Class', { exact: true })).toHaveValue(/\d+/);
    await expect(page.getByRole('combobox', { name: /^Status of / }).first()).toBeVisible();
  });
});

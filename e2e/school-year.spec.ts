import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';
import { SESSION_COOKIE } from '../src/shared/constants.js';

/**
 * Issue #7 end to end against the demo school: the principal adds a class and enrols a pupil on
 * /school-setup; the teacher enters a mark on /marks and sends a notification; the pupil sees the
 * mark on /results, the division on their mark sheet and the notification.
 */

const PASSWORD = 'demo12345';
type DemoLogin = 'teacher' | 'student' | 'principal';

async function tokenFor(request: APIRequestContext, who: DemoLogin): Promise<string> {
  const response = await request.post('/api/users/login', {
    data: { email: `${who}@demo.school`, password: PASSWORD },
  });
  expect(response.status(), `log in as ${who}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function logIn(context: BrowserContext, request: APIRequestContext, baseURL: string, who: DemoLogin) {
  const token = await tokenFor(request, who);
  await context.clearCookies();
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL }]);
  return token;
}

async function api<T>(request: APIRequestContext, token: string, call: string): Promise<T> {
  const response = await request.get(`/api/${call}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `GET ${call}`).toBe(200);
  return (await response.json()) as T;
}

interface Pupil {
  id: number;
  name: string;
  email: string;
  classId: number | null;
  className: string | null;
}

test('a school year: set-up, marks, results and a notification', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const base = String(baseURL);
  const stamp = Date.now().toString(36);

  // ---- the principal adds a class and enrols a pupil in it (then puts the pupil back)
  const principal = await logIn(context, request, base, 'principal');
  const pupils = (await api<{ data: Pupil[] }>(request, principal, 'admin/pupils?status=active')).data;
  const pupil = pupils.find((p) => !/^student2?@demo\.school$/.test(p.email) && p.classId !== null);
  expect(pupil, 'an active pupil to move').toBeDefined();
  if (!pupil) return;
  const className = `Year ${stamp}`;
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/school-setup');
  const classes = page.getByRole('region', { name: 'Classes' });
  await classes.getByLabel('New class').fill(className);
  await classes.getByRole('button', { name: 'Add class' }).click();
  await expect(classes.getByText(className, { exact: true })).toBeVisible();
  const enrol = page.getByRole('form', { name: 'Enrol a pupil' });
  await enrol
    .getByLabel('Pupil')
    .selectOption({ label: pupil.className ? `${pupil.name} (${pupil.className})` : pupil.name });
  await enrol.getByLabel('Class').selectOption({ label: className });
  await enrol.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByText('The pupil is in the class now.')).toBeVisible();
  const moved = (await api<{ data: Pupil[] }>(request, principal, 'admin/pupils?status=active')).data.find(
    (p) => p.id === pupil.id,
  );
  expect(moved?.className).toBe(className);
  const back = await request.post('/api/enrolments', {
    headers: { Authorization: `Bearer ${principal}` },
    data: { studentId: pupil.id, classId: pupil.classId },
  });
  expect(back.ok()).toBe(true);

  // ---- find the demo pupil's class and a subject the teacher gives there
  const studentToken = await tokenFor(request, 'student');
  const me = (await api<{ results: { id: number; name: string } }>(request, studentToken, 'users/profile'))
    .results;
  const teacher = await logIn(context, request, base, 'teacher');
  const taught = (
    await api<{ data: { classId: number; class_name: string }[] }>(request, teacher, 'teacher/assign_class')
  ).data;
  const subjects = (await api<{ data: { id: number; sub_name: string }[] }>(request, teacher, 'subject'))
    .data;
  let target: { className: string; classId: number; subjectName: string } | undefined;
  for (const cls of taught) {
    const lessons = (
      await api<{ data: { StudentId: number; subject_name: string }[] }>(
        request,
        teacher,
        `teacher/assign_class/${cls.classId}`,
      )
    ).data;
    const lesson = lessons.find((row) => row.StudentId === me.id);
    if (lesson) {
      target = { className: cls.class_name, classId: cls.classId, subjectName: lesson.subject_name };
      break;
    }
  }
  expect(target, 'the teacher teaches the demo pupil').toBeDefined();
  if (!target) return;
  expect(subjects.some((s) => s.sub_name === target.subjectName)).toBe(true);

  // ---- the teacher enters a mark and sends a notification to the class
  const mark = String(40 + (Date.now() % 50));
  await page.goto('/marks');
  await page.getByLabel('Class', { exact: true }).selectOption({ label: target.className });
  await page.getByLabel('Subject', { exact: true }).selectOption({ label: target.subjectName });
  await page.getByLabel(me.name, { exact: true }).fill(mark);
  await page.getByRole('button', { name: 'Save Marks' }).click();
  await expect(page.getByText(/^Saved \d+ marks?\.$/)).toBeVisible();

  const message = `Sports day ${stamp}`;
  await page.goto('/send-notification');
  await page.getByLabel('Class', { exact: true }).selectOption({ label: target.className });
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Notification sent.')).toBeVisible();

  // ---- the pupil sees the mark, the division and the notification
  await logIn(context, request, base, 'student');
  await page.goto('/results');
  const row = page.getByRole('row').filter({ hasText: target.subjectName }).filter({ hasText: me.name });
  await expect(row.getByRole('cell', { name: mark, exact: true })).toBeVisible();
  await page.goto(`/result-summary/${me.id}`);
  await expect(page.getByText('Division', { exact: true })).toBeVisible();
  await expect(page.getByText(mark, { exact: true }).first()).toBeVisible();
  await page.goto('/notification');
  await expect(page.getByText(message)).toBeVisible();
});

import { subjectMark } from '../src/shared/rules/mark-sheet.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/own-school.js';

/**
 * docs/decisions/0091-the-year-rollover.md end to end, on a demo school of its own (the rollover
 * moves every demo pupil, which the specs reading the shared demo school must not see): the
 * principal adds the next school year, previews the move on the New school year screen (axe-clean at
 * 375 and 1280 px), confirms and runs it; the parent still reads the child's attendance of the year
 * before.
 */

test.use({ bypassCSP: true });

test('the principal previews and runs the rollover; the parent still reads last year’s attendance', async ({
  page,
  request,
  logInAs,
  tokenFor,
}) => {
  test.setTimeout(120_000);
  const principal = await tokenFor('principal@demo.school');
  const auth = { authorization: `Bearer ${principal}` };
  const current = (await (await request.get('/api/school-year', { headers: auth })).json()) as {
    data: { year: { name: string; lastDay: string; terms: { id: number; name: string }[] } };
  };

  // Before the rollover: the parent's first child's released marks, as the parent reads them, in
  // the latest term that has some; each subject's term mark is the mean of its exams' marks.
  const parentToken = await tokenFor('parent@demo.school');
  const parentAuth = { authorization: `Bearer ${parentToken}` };
  const firstChild = (
    (await (await request.get('/api/family/children', { headers: parentAuth })).json()) as {
      data: { studentId: number }[];
    }
  ).data[0]?.studentId;
  expect(firstChild).toBeDefined();
  const rows = (
    (await (
      await request.get(`/api/result/assign_result/${firstChild}`, { headers: parentAuth })
    ).json()) as {
      data: { subjectName: string; marks: number; termId: number | null; examDate: string }[];
    }
  ).data;
  const markedTerm = current.data.year.terms
    .filter((term) => rows.some((row) => row.termId === term.id))
    .at(-1);
  expect(markedTerm, 'the demo child has released marks in a term of the current year').toBeDefined();
  const inTerm = rows.filter((row) => row.termId === markedTerm?.id);
  const subjects = [...new Set(inTerm.map((row) => row.subjectName))];
  const marksBefore = subjects.map((subject) => ({
    subject,
    mark: subjectMark(inTerm.filter((row) => row.subjectName === subject).map((row) => row.marks)),
  }));
  expect(marksBefore.length).toBeGreaterThan(0);
  const start = Number(current.data.year.lastDay.slice(0, 4));
  const nextName = `${start}–${start + 1}`;
  const created = await request.post('/api/admin/school-years', {
    headers: auth,
    data: { name: nextName, firstDay: `${start}-09-01`, lastDay: `${start + 1}-07-31` },
  });
  expect(created.status()).toBe(201);

  await logInAs('principal@demo.school');
  for (const width of [375, 1280]) {
    await test.step(`the screen at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/rollover');
      await expect(page.getByLabel('Next class for KG')).toHaveValue(/\d+/);
      await page.getByLabel('New school year', { exact: true }).selectOption({ label: nextName });
      await expect(page.getByRole('region', { name: 'What will happen' })).toContainText(
        /Class 2: \d+ pupils? leaves? the school/,
      );
      expect(await blockingViolations(page, '/rollover', width)).toEqual([]);
    });
  }

  await test.step('confirmed, the run moves the school into the new year', async () => {
    const run = page.getByRole('button', { name: 'Start the new year' });
    await expect(run).toBeDisabled();
    await page.getByRole('checkbox', { name: /I have checked the preview/ }).check();
    await run.click();
    await expect(
      page.getByRole('status').filter({ hasText: `The school is now in ${nextName}` }),
    ).toBeVisible();
  });

  await test.step('the parent still reads their child’s attendance of the year before', async () => {
    const parent = await tokenFor('parent@demo.school');
    const children = (await (
      await request.get('/api/family/children', { headers: { authorization: `Bearer ${parent}` } })
    ).json()) as { data: { studentId: number }[] };
    for (const child of children.data) {
      const years = await request.get(`/api/pupils/${child.studentId}/years`, {
        headers: { authorization: `Bearer ${parent}` },
      });
      expect(years.status()).toBe(200);
      const data = ((await years.json()) as { data: { name: string; attendance: { present: number } }[] })
        .data;
      expect(data.find((year) => year.name === current.data.year.name)?.attendance.present).toBeGreaterThan(
        0,
      );
    }
  });

  await test.step('the parent reads the past years on their screen, axe-clean at 375 and 1280 px', async () => {
    const parent = await logInAs('parent@demo.school');
    const children = (await (
      await request.get('/api/family/children', { headers: { authorization: `Bearer ${parent}` } })
    ).json()) as { data: { studentId: number }[] };
    const child = children.data[0]?.studentId;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/past-years/${child}`);
      const years = page.getByRole('list', { name: 'The school years' });
      await expect(years.getByRole('heading', { level: 3, name: current.data.year.name })).toBeVisible();
      await expect(years.getByRole('heading', { level: 3, name: new RegExp(`^${nextName}`) })).toBeVisible();
      expect(await blockingViolations(page, '/past-years/:id', width)).toEqual([]);
    }
  });

  await test.step('the parent opens last year’s mark sheet from Past years and reads the marks from before', async () => {
    await logInAs('parent@demo.school');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/past-years/${firstChild}`);
    const termName = `${markedTerm?.name} – ${current.data.year.name}`;
    const term = page.getByRole('region', { name: termName });
    const table = term.getByRole('table', { name: `Marks, ${termName}` });
    for (const { subject, mark } of marksBefore) {
      await expect(table.getByRole('row', { name: new RegExp(`^${subject}\\b`) })).toHaveText(
        `${subject}${mark}`,
      );
    }
    await term.getByRole('link', { name: `Mark sheet, ${termName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/result-summary/${firstChild}\\?term=${markedTerm?.id}$`));
    await expect(page.getByRole('combobox', { name: 'Term' })).toHaveValue(String(markedTerm?.id));
    const sheet = page.getByRole('table');
    for (const { subject, mark } of marksBefore) {
      await expect(sheet.getByRole('row', { name: new RegExp(`^${subject}\\b`) })).toContainText(
        `${subject}${mark}`,
      );
    }
    const total = marksBefore.reduce((sum, { mark }) => sum + mark, 0);
    await expect(
      page.locator('dt', { hasText: 'Total' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(`${total} / ${marksBefore.length * 100}`);
  });
});

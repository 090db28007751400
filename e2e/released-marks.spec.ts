import { DEMO_ACCOUNTS, expect, test } from './support/fixtures.js';

/**
 * Marks released, not leaked (docs/decisions/0087-released-marks.md), on the demo school: KG's
 * English has a test marked but not released. The pupil does not see its mark; the teacher sees it
 * flagged and is asked before releasing. Nothing is released here, so other specs read the demo as
 * seeded.
 */
test('the pupil does not see an unreleased test; the teacher sees it flagged and is asked before releasing', async ({
  page,
  logInAs,
}) => {
  await test.step('student@ sees one English mark, the released test’s', async () => {
    await logInAs(DEMO_ACCOUNTS.student);
    await page.goto('/results');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'English' })).toHaveCount(1);
    await expect(page.getByText('not released')).toHaveCount(0);
  });

  await test.step('teacher@ sees the unreleased marks flagged, and the Release button asks first', async () => {
    await page.context().clearCookies();
    await logInAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/results');
    await expect(page.getByRole('row').filter({ hasText: 'not released' }).first()).toBeVisible();

    await page.goto('/marks');
    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'KG' });
    await page.getByLabel('Subject', { exact: true }).selectOption({ label: 'English' });
    const exam = page.getByLabel('Exam', { exact: true });
    await expect(exam.getByRole('option', { name: /released$/ })).toHaveCount(1);
    const unreleased = exam.getByRole('option').filter({ hasNotText: /released$|Choose an exam/ });
    // The test marked three days ago comes before the upcoming exam.
    await exam.selectOption({ label: (await unreleased.first().textContent()) ?? '' });
    await expect(
      page.getByText('Not released: pupils and parents do not see these marks yet.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Release marks' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Release the marks of this exam?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Release marks' })).toBeVisible();
  });
});

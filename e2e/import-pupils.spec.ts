import { expect, type Page, test } from '@playwright/test';
import { PUPIL_IMPORT_COLUMNS } from '../src/shared/api/school-admin.js';
import { logInWithForm } from './support/forms.js';

/**
 * The principal's CSV import on /import-pupils, through the screen: a file with a problem is
 * previewed with the problem named and cannot be committed; the corrected file is previewed,
 * committed, and shows each pupil's initial password once (the same file is refused afterwards);
 * an imported pupil logs in with it. The class and the pupils are the test's own (stamped names), so
 * it runs beside the specs that read the demo school.
 */

const PRINCIPAL = 'principal@demo.school';

/** A row of the file: name, email, class, gender, dob, contact, address. */
const row = (pupil: { name: string; email: string }, className: string, gender = 'Female'): string[] => [
  pupil.name,
  pupil.email,
  className,
  gender,
  '2019-03-04',
  '0161 496 0000',
  '12 Orchard Lane',
];

const csvFile = (rows: string[][]) => ({
  name: 'pupils.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [PUPIL_IMPORT_COLUMNS.join(','), ...rows.map((row) => row.join(','))].join('\n'),
    'utf8',
  ),
});

async function preview(page: Page, file: ReturnType<typeof csvFile>): Promise<void> {
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
}

test('the principal imports pupils from a CSV; a pupil logs in with the initial password', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const className = `Import Class ${stamp}`;
  const ola = { name: `Ola Nowak ${stamp}`, email: `ola.${stamp}@example.com` };
  const ben = { name: `Ben Adeyemi ${stamp}`, email: `ben.${stamp}@example.com` };

  await test.step('the principal logs in and makes a class of its own', async () => {
    await logInWithForm(page, PRINCIPAL);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A class of its own, so that other tests' classes keep their pupils.
    await page.goto('/school-setup');
    const classes = page.getByRole('region', { name: 'Classes' });
    await classes.getByLabel('New class').fill(className);
    await classes.getByRole('button', { name: 'Add class' }).click();
    await expect(classes.getByText(className, { exact: true })).toBeVisible();
  });

  await test.step('a file with a problem: the row says what is wrong and nothing can be committed', async () => {
    await page.goto('/import-pupils');
    await preview(
      page,
      csvFile([row(ola, className), row({ ...ben, email: 'not-an-email' }, className, 'Male')]),
    );
    await expect(page.getByRole('status')).toHaveText('2 rows, 1 with problems.');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: ola.name })).toContainText('OK');
    await expect(table.getByRole('row').filter({ hasText: ben.name })).toContainText(
      'email: not an email address',
    );
    await expect(page.getByRole('button', { name: 'Commit' })).toHaveCount(0);
  });

  const password =
    await test.step('the corrected file: preview, commit, the initial passwords shown once', async () => {
      await preview(page, csvFile([row(ola, className), row(ben, className, 'Male')]));
      await expect(page.getByRole('status')).toHaveText('2 rows, 0 with problems.');
      await page.getByRole('button', { name: 'Commit' }).click();
      await expect(page.getByRole('status')).toContainText('Created 2 accounts.');
      const first = page.getByRole('row').filter({ hasText: ola.name });
      const password = (await first.locator('code').textContent())?.trim() ?? '';
      expect(password.length).toBeGreaterThanOrEqual(8);
      await expect(page.getByRole('row').filter({ hasText: ben.name }).locator('code')).not.toHaveText('');
      await expect(first).toContainText(className);

      // The accounts exist now: the same file again is refused row by row.
      await preview(page, csvFile([row(ola, className), row(ben, className, 'Male')]));
      await expect(page.getByRole('status')).toHaveText('2 rows, 2 with problems.');
      await expect(page.getByRole('row').filter({ hasText: ola.name })).toContainText(
        'email: already registered',
      );
      await expect(page.getByRole('button', { name: 'Commit' })).toHaveCount(0);
      return password;
    });

  await test.step('the imported pupil logs in with it', async () => {
    await page.context().clearCookies();
    await logInWithForm(page, ola.email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Hello, ${ola.name.split(' ')[0]}!`)).toBeVisible();
  });
});

import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from './support/fixtures.js';

/**
 * docs/decisions/0090-report-cards.md end to end against the demo school: the English teacher writes
 * Aisha's English comment and her class teacher's comment on KG's cards of the first term; the
 * principal writes a remark and publishes KG's cards; the demo parent opens Aisha's card and its PDF
 * holds her subjects, her division and the comment. Only KG's report cards change, which no other
 * spec reads (the demo publishes Class 2's).
 */

const TEACHER = 'teacher@demo.school';
const PRINCIPAL = 'principal@demo.school';
const PARENT = 'parent@demo.school';
const AISHA = 'Aisha Rahman';
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(body: Buffer): Promise<string> {
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(body),
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

test('a teacher comments, the principal publishes, the parent reads the card and its PDF', async ({
  browser,
  request,
  logInAs,
  tokenFor,
}) => {
  const stamp = Date.now().toString(36);
  const comment = `Reads every picture book twice ${stamp}.`;
  const open = async (email: string): Promise<BrowserContext> => {
    const context = await browser.newContext();
    await logInAs(email, context);
    return context;
  };

  await test.step('the teacher writes KG’s comments', async () => {
    const context = await open(TEACHER);
    const page = await context.newPage();
    await page.goto('/report-card-comments');
    await page.getByLabel('Class').selectOption({ label: 'KG' });
    const aisha = page.getByRole('group', { name: AISHA });
    await aisha.getByLabel(`English: comment for ${AISHA}`, { exact: false }).fill(comment);
    await aisha.getByLabel(`Class teacher’s comment for ${AISHA}`).fill('A kind friend to everyone.');
    await page.getByRole('button', { name: 'Save comments' }).click();
    await expect(page.locator('.Toastify')).toContainText('2 comments saved.');
    await context.close();
  });

  await test.step('the principal remarks and publishes KG’s cards', async () => {
    const context = await open(PRINCIPAL);
    const page = await context.newPage();
    await page.goto('/report-cards-review');
    await page.getByLabel('Class').selectOption({ label: 'KG' });
    const aisha = page.getByRole('article', { name: AISHA });
    await expect(aisha).toContainText(comment);
    await aisha.getByLabel(`Principal’s remark for ${AISHA}`).fill('A bright term.');
    await page.getByRole('button', { name: 'Save remarks' }).click();
    await expect(page.locator('.Toastify')).toContainText('1 remark saved.');
    await page.getByRole('button', { name: 'Publish the class’s cards' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('.Toastify')).toContainText(/cards? published/);
    await expect(aisha).toContainText(/Published, version \d+/);
    await context.close();
  });

  await test.step('the parent reads Aisha’s card and its PDF', async () => {
    const context = await open(PARENT);
    const page = await context.newPage();
    await page.goto('/report-cards');
    await page.getByRole('button', { name: new RegExp(`^View the report card of ${AISHA}`) }).click();
    await expect(page.getByText('A bright term.')).toBeVisible();
    const downloaded = page.waitForEvent('download');
    await page
      .getByRole('listitem')
      .filter({ hasText: AISHA })
      .getByRole('button', { name: 'Download PDF' })
      .click();
    expect((await downloaded).suggestedFilename()).toMatch(/\.pdf$/);

    const token = await tokenFor(PARENT);
    const headers = { Authorization: `Bearer ${token}` };
    const list = (await (await request.get('/api/report-cards', { headers })).json()) as {
      data: { studentId: number; studentName: string; termId: number }[];
    };
    const card = list.data.find((row) => row.studentName === AISHA);
    expect(card).toBeDefined();
    const pdf = await request.get(
      `/api/report-cards/pupils/${card?.studentId}/terms/${card?.termId}/card.pdf`,
      {
        headers,
      },
    );
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain('English');
    expect(text).toContain('Mathematics');
    expect(text).toMatch(/First Division|Second Division|Third Division|Fail/);
    expect(text).toContain(comment);
    await context.close();
  });
});

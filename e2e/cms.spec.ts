import type { APIRequestContext } from '@playwright/test';
import { expectIslandsHydrated } from './support/islands.js';
import { expect, sharedSchoolUrl, test } from './support/own-school.js';

/**
 * docs/decisions/0006-media-and-content-editing.md end to end, against the real server: the principal
 * edits the site and the public pages show it at once. The home banner and the gallery are what every
 * visitor (and the specs reading the demo school) sees first, so each test edits a demo school of its
 * own (support/own-school.ts) and puts nothing back. (A visitor's message to the inbox:
 * contact-inbox.spec.ts.)
 */

interface WireRecord {
  id: number;
  images: { image: string; alt: string; category?: string }[];
  [field: string]: unknown;
}

/** The records a public content call answers: `/api/gallery` on the test's own school, or an absolute address. */
async function records(request: APIRequestContext, url: string): Promise<WireRecord[]> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: WireRecord[] }).data;
}

test('the principal changes the home title in the editor and the home page shows it', async ({
  page,
  request,
  logInAs,
}) => {
  await logInAs('principal@demo.school');
  const title = `Learning Together ${Date.now()}`;

  await test.step('the principal edits the home banner’s title in the website editor', async () => {
    await page.goto('/website');
    const panel = page.getByRole('region', { name: 'Home banner' });
    await panel.getByRole('button', { name: /^Edit/ }).first().click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.Toastify').getByText('Saved.', { exact: false })).toBeVisible();
  });

  await test.step('the home page shows it', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('the shared demo school’s home banner, which the other specs read, is as it was', async () => {
    const [shared] = await records(request, sharedSchoolUrl('/api/home'));
    expect(shared?.heading2).not.toBe(title);
  });
});

test('the principal changes a gallery picture’s category and the gallery filter shows it there', async ({
  page,
  request,
  logInAs,
}) => {
  await logInAs('principal@demo.school');
  const gallery = await records(request, '/api/gallery');
  // A Playing picture becomes Reading.
  const index = gallery.findIndex((record) => record.images.some((image) => image.category === 'Playing'));
  const record = gallery[index];
  const position = record?.images.findIndex((image) => image.category === 'Playing') ?? -1;
  const picture = record?.images[position];
  if (!record || !picture) throw new Error('the demo gallery has Playing pictures');
  const category = 'Reading';

  await test.step('the principal sets the picture’s category in the website editor', async () => {
    await page.goto('/website');
    await page
      .getByRole('navigation', { name: 'Website sections' })
      .getByRole('button', { name: 'Gallery' })
      .click();
    const panel = page.getByRole('region', { name: 'Gallery' });
    await panel.locator('.cms-records__item').nth(index).getByRole('button', { name: /^Edit/ }).click();
    await page.getByLabel(`Picture ${position + 1}: category`).selectOption(category);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.Toastify').getByText('Saved.', { exact: false })).toBeVisible();
  });

  await test.step('the gallery’s filter for that category shows the picture', async () => {
    await page.goto('/gallery');
    await expectIslandsHydrated(page);
    await page
      .getByRole('group', { name: 'Show pictures of' })
      .getByRole('button', { name: category })
      .click();
    await expect(
      page.locator(`.gallery__grid li[data-category="${category}"] img[src*="${picture.image}"]`),
    ).toHaveCount(1);
  });
});

import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * docs/decisions/0006-media-and-content-editing.md end to end, against the real server and its demo school:
 * the principal edits the site and the public pages show it at once. Each edit is put back afterwards
 * so the other specs see the demo content. (A visitor's message to the inbox: contact-inbox.spec.ts.)
 */

interface WireRecord {
  id: number;
  images: { image: string; alt: string; category?: string }[];
  [field: string]: unknown;
}

async function records(request: APIRequestContext, collection: string): Promise<WireRecord[]> {
  const response = await request.get(`/api/${collection}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: WireRecord[] }).data;
}

async function restore(request: APIRequestContext, token: string, collection: string, record: WireRecord) {
  const { id, ...body } = record;
  const response = await request.put(`/api/admin/content/${collection}/${id}`, {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), `restore ${collection} ${id}`).toBe(200);
}

test('the principal changes the home title in the editor and the home page shows it', async ({
  page,
  request,
  logInAs,
}) => {
  const token = await logInAs('principal@demo.school');
  const [original] = await records(request, 'home');
  if (!original) throw new Error('the demo school has a home record');
  const title = `Learning Together ${Date.now()}`;
  try {
    await page.goto('/website');
    const panel = page.getByRole('region', { name: 'Home banner' });
    await panel.getByRole('button', { name: /^Edit/ }).first().click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.Toastify').getByText('Saved.', { exact: false })).toBeVisible();

    await page.goto('/');
    await expect(page.getByText(title)).toBeVisible();
  } finally {
    await restore(request, token, 'home', original);
  }
});

test('the principal changes a gallery picture’s category and the gallery filter shows it there', async ({
  page,
  request,
  logInAs,
}) => {
  const token = await logInAs('principal@demo.school');
  const gallery = await records(request, 'gallery');
  // A Playing picture becomes Reading: the public-site spec's Drawing filter stays as it was.
  const index = gallery.findIndex((record) => record.images.some((image) => image.category === 'Playing'));
  const record = gallery[index];
  const position = record?.images.findIndex((image) => image.category === 'Playing') ?? -1;
  const picture = record?.images[position];
  if (!record || !picture) throw new Error('the demo gallery has Playing pictures');
  const category = 'Reading';
  try {
    await page.goto('/website');
    await page
      .getByRole('navigation', { name: 'Website sections' })
      .getByRole('button', { name: 'Gallery' })
      .click();
    const panel = page.getByRole('region', { name: 'Gallery' });
    await panel.locator('.cms-records__item').nth(index).getByRole('button', { name: /^Edit/ }).click();
    await page.getByLabel(`Picture ${position + 1}: category`).selectOption(category);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.Toastify').getByText('Saved.', { exact: false })).toBeVisible();

    await page.goto('/gallery');
    await expectIslandsHydrated(page);
    await page
      .getByRole('group', { name: 'Show pictures of' })
      .getByRole('button', { name: category })
      .click();
    await expect(
      page.locator(`.gallery__grid li[data-category="${category}"] img[src*="${picture.image}"]`),
    ).toHaveCount(1);
  } finally {
    await restore(request, token, 'gallery', record);
  }
});

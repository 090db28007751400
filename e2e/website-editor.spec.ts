import type { APIRequestContext, Page } from '@playwright/test';
import type { MediaList } from '../src/shared/api/media.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { samplePng } from './support/forms.js';

/**
 * The website editor without traps (docs/decisions/0050-website-editor-without-traps.md), end to end
 * against the real server and its demo school. Only data no other spec reads is changed, and put back:
 * a third picture of the second About record (the page shows its first two), and an upload of the
 * media library. Everything else is read only: the preview saves nothing.
 */

interface WireRecord {
  id: number;
  images: { image: string; alt: string }[];
  [field: string]: unknown;
}

const PRINCIPAL = 'principal@demo.school';

async function aboutRecords(request: APIRequestContext): Promise<WireRecord[]> {
  const response = await request.get('/api/about');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: WireRecord[] }).data;
}

async function mediaList(request: APIRequestContext, token: string): Promise<MediaList> {
  const response = await request.get('/api/admin/media', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as MediaList;
}

/** Puts a record back as it was, and removes the pictures uploaded since `before`. */
async function restore(
  request: APIRequestContext,
  token: string,
  record: WireRecord,
  before: MediaList,
): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const { id, ...body } = record;
  const put = await request.put(`/api/admin/content/about/${id}`, { data: body, headers });
  expect(put.status(), 'restore the About record').toBe(200);
  const known = new Set(before.data.map((media) => media.name));
  for (const media of (await mediaList(request, token)).data) {
    if (known.has(media.name)) continue;
    const removed = await request.delete(`/api/admin/media/${media.name}`, { headers });
    expect(removed.status(), `remove the uploaded ${media.name}`).toBe(204);
  }
}

async function openAbout(page: Page) {
  await page.goto('/website');
  await page
    .getByRole('navigation', { name: 'Website sections' })
    .getByRole('button', { name: 'About', exact: true })
    .click();
  return page.getByRole('region', { name: 'About' });
}

test.describe('the website editor', () => {
  test('offers the first About record as the check-list it is on the page, and nothing the page does not show', async ({
    page,
    logInAs,
  }) => {
    await logInAs(PRINCIPAL);
    const panel = await openAbout(page);
    await expect(panel.getByRole('button', { name: 'Add a record' })).toHaveCount(0);
    await panel.locator('.cms-records__item').first().getByRole('button', { name: /^Edit/ }).click();
    const form = page.getByRole('form', { name: 'Edit About record' });
    await expect(form.getByLabel('Item 1', { exact: true })).toHaveValue(
      'Small classes of no more than twenty children',
    );
    await expect(form.getByLabel('Title', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Description', { exact: true })).toHaveCount(0);
    await expect(form.getByRole('group', { name: 'Pictures' })).toHaveCount(0);
  });

  test('Save uploads a picture chosen but not added, or says why it cannot and saves nothing', async ({
    page,
    request,
    logInAs,
  }) => {
    const token = await logInAs(PRINCIPAL);
    const [, original] = await aboutRecords(request);
    if (!original) throw new Error('the demo school has two About records');
    const before = await mediaList(request, token);
    try {
      const panel = await openAbout(page);
      await panel.getByRole('button', { name: `Edit “${String(original.heading1)}”` }).click();
      const form = page.getByRole('form', { name: 'Edit About record' });
      await form.getByRole('button', { name: 'Upload a picture' }).click();
      await form
        .getByLabel('Picture file')
        .setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: samplePng(64) });

      // No description yet: the upload cannot start, and the record is not saved.
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('alert')).toContainText('Please describe the picture (alt text)');
      expect((await aboutRecords(request))[1]).toEqual(original);
      expect((await mediaList(request, token)).data).toHaveLength(before.data.length);

      await form.getByLabel('Description (alt text)').fill('Our vegetable garden');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('.Toastify').getByText('Saved.', { exact: false })).toBeVisible();
      const saved = (await aboutRecords(request))[1];
      expect(saved?.images.slice(0, 2)).toEqual(original.images);
      expect(saved?.images[2]).toEqual({
        image: expect.stringMatching(/^media\/[0-9a-f]{32}-64\.webp$/),
        alt: 'Our vegetable garden',
      });
      expect((await mediaList(request, token)).data).toHaveLength(before.data.length + 1);
    } finally {
      await restore(request, token, original, before);
    }
  });

  test('previews the page with the unsaved draft, rendered by the server, and saves nothing', async ({
    page,
    request,
    logInAs,
  }) => {
    await logInAs(PRINCIPAL);
    const [, original] = await aboutRecords(request);
    if (!original) throw new Error('the demo school has two About records');
    const draft = `A Draft Title ${Date.now()}`;
    const panel = await openAbout(page);
    await panel.getByRole('button', { name: `Edit “${String(original.heading1)}”` }).click();
    await page.getByLabel('Title', { exact: true }).fill(draft);
    const answer = page.waitForResponse((response) =>
      response.url().includes('/api/admin/content/about/preview'),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');

    const frame = page.frameLocator('iframe[title^="Preview of the page /about"]');
    await expect(frame.getByRole('heading', { name: draft })).toBeVisible();
    // The frame runs no script: the page's islands would load the saved content over the draft.
    await expect(frame.locator('[data-island-hydrated]')).toHaveCount(0);

    expect((await aboutRecords(request))[1]).toEqual(original);
    const publicPage = await request.get('/about');
    expect(await publicPage.text()).not.toContain(draft);
    // The draft is still in the form, to be saved or dropped.
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(draft);
  });

  test('the media library lists the demo’s pictures with their use, and uploads', async ({
    page,
    request,
    logInAs,
  }) => {
    const token = await logInAs(PRINCIPAL);
    const before = await mediaList(request, token);
    const [original] = await aboutRecords(request);
    if (!original) throw new Error('the demo school has About records');
    try {
      await page.goto('/website');
      await page
        .getByRole('navigation', { name: 'Website sections' })
        .getByRole('button', { name: 'Media library' })
        .click();
      const library = page.getByRole('region', { name: 'Media library' });
      await expect(library.getByRole('heading', { name: 'Pictures that came with the site' })).toBeVisible();
      const home = ((await (await request.get('/api/home')).json()) as { data: WireRecord[] }).data[0];
      const hero = home?.images[0];
      if (!home || !hero) throw new Error('the demo home banner has a picture');
      const item = library.locator('.cms-media__item', { has: page.getByRole('img', { name: hero.alt }) });
      await expect(item).toContainText(`Home banner #${home.id}`);

      await library.getByText('Upload a picture').click();
      await library
        .getByLabel('Picture file')
        .setInputFiles({ name: 'library-upload.png', mimeType: 'image/png', buffer: samplePng(48) });
      await library.getByLabel('Description (alt text)').fill('A picture for later');
      await library.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.locator('.Toastify').getByText('Picture uploaded.', { exact: false })).toBeVisible();
      await expect(library.getByRole('button', { name: 'Delete picture library-upload.png' })).toBeVisible();
    } finally {
      await restore(request, token, original, before);
    }
  });
});

for (const width of [375, 1280]) {
  test.describe(`the website editor at ${width} px`, () => {
    // The app's CSP rightly refuses the injected axe script; only these scans bypass it.
    test.use({ viewport: { width, height: 900 }, bypassCSP: true });

    test('its form with the preview, and its media library, have no serious or critical axe violation', async ({
      page,
      request,
      logInAs,
    }) => {
      // Two scans of a long page (the preview's frame included) on a shared test machine.
      test.setTimeout(120_000);
      await logInAs(PRINCIPAL);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const [, about] = await aboutRecords(request);
      const found: Record<string, string[]> = {};
      const panel = await openAbout(page);
      await panel.getByRole('button', { name: `Edit “${String(about?.heading1)}”` }).click();
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(
        page.frameLocator('iframe[title^="Preview of the page"]').getByRole('heading', { level: 1 }),
      ).toBeVisible();
      const editing = await blockingViolations(page, '/website (About, preview)', width);
      if (editing.length > 0) found.preview = editing;

      await page.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('navigation', { name: 'Website sections' })
        .getByRole('button', { name: 'Media library' })
        .click();
      const media = page.getByRole('region', { name: 'Media library' });
      await media.getByText('Upload a picture').click();
      await expect(media.getByLabel('Picture file')).toBeVisible();
      await expect(media.getByRole('heading', { name: 'Pictures that came with the site' })).toBeVisible();
      const library = await blockingViolations(page, '/website (media library)', width);
      if (library.length > 0) found.library = library;
      expect(found).toEqual({});
    });
  });
}

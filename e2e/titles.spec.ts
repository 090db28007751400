import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * The browser's title (docs/contract/product.md#banner-titles): a blog post's page is titled with the
 * post, and keeps that title once its scripts have run (they once put the path's banner title,
 * "Blog detail", in its place).
 */

/** The posts as the API names their fields (`heading` is the post's title, src/shared/content-records.ts). */
async function blogPosts(request: APIRequestContext): Promise<{ id: number; heading: string }[]> {
  const response = await request.get('/api/blog');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { id: number; heading: string }[] }).data;
}

async function schoolName(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/settings');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { name: string } }).data.name;
}

test('a blog post keeps its own title in the browser after its scripts run', async ({ page, request }) => {
  const [post] = await blogPosts(request);
  expect(post).toBeDefined();
  const name = await schoolName(request);
  const title = `${post?.heading} · ${name}`;

  await page.goto(`/blogdetail?post=${post?.id}`, { waitUntil: 'networkidle' });
  await expectIslandsHydrated(page);
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await page.title()).not.toContain('Blog detail');
});

test('a blog post opened inside the app (its router, not a page load) is titled with the post', async ({
  page,
  request,
}) => {
  const [post] = await blogPosts(request);
  const name = await schoolName(request);
  // A public page the server leaves to the app (docs/decisions/0042-react-islands.md): from there the
  // public navigation moves with the app's router.
  await page.goto('/forgot-password', { waitUntil: 'networkidle' });
  await page.evaluate(() => {
    (window as Window & { stayedInApp?: boolean }).stayedInApp = true;
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Blog', exact: true }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await page
    .getByRole('link', { name: post?.heading ?? '-' })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/blogdetail\\?post=${post?.id}$`));
  // Still the same document: the app rendered the post.
  expect(await page.evaluate(() => (window as Window & { stayedInApp?: boolean }).stayedInApp)).toBe(true);
  await expect(page).toHaveTitle(`${post?.heading} · ${name}`);
});

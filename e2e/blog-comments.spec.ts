import type { APIRequestContext } from '@playwright/test';
import { BLOG_COMMENT_MESSAGES } from '../src/shared/api/blog-comment-fields.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * docs/decisions/0049-blog-comments.md end to end: a visitor's comment under a blog post waits for the
 * principal, whose dashboard counts it (0055), who approves it on the Blog Comments screen; then it
 * shows under the post. A robot that
 * fills the honeypot is told the same thanks and nothing reaches the principal. The comments are the
 * test's own (stamped), so it runs beside the specs that read the demo school.
 */

const firstPostId = async (request: APIRequestContext): Promise<number> => {
  const posts = (await (await request.get('/api/blog')).json()) as { data: { id: number }[] };
  const id = posts.data[0]?.id;
  if (id === undefined) throw new Error('The demo school has no blog post.');
  return id;
};

const moderated = async (request: APIRequestContext, token: string): Promise<string[]> => {
  const res = await request.get('/api/admin/blog-comments', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { message: string }[] }).data.map((comment) => comment.message);
};

test.describe('blog comments', () => {
  test.use({ bypassCSP: true });

  test('a comment waits for the principal, who approves it; then it shows under the post', async ({
    page,
    browser,
    baseURL,
    request,
    logInAs,
  }) => {
    const message = `What a lovely day at the farm! ${Date.now()}`;
    const postPage = `/blogdetail?post=${await firstPostId(request)}`;
    await page.goto(postPage);
    await expectIslandsHydrated(page);
    const form = page.getByRole('form', { name: 'Leave a comment' });
    await form.getByLabel('Name').fill('Rosa Parent');
    await form.getByLabel('Email').fill('rosa@example.org');
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Leave Your Comment' }).click();
    await expect(page.locator('.Toastify').getByText(BLOG_COMMENT_MESSAGES.sent)).toBeVisible();
    await page.reload();
    await expect(page.getByText(message)).toHaveCount(0);

    const principal = await browser.newContext({ baseURL, bypassCSP: true });
    try {
      await logInAs('principal@demo.school', principal);
      const screen = await principal.newPage();
      await screen.emulateMedia({ reducedMotion: 'reduce' });
      for (const width of [375, 1280]) {
        await screen.setViewportSize({ width, height: 900 });
        // The dashboard says that comments wait (docs/decisions/0055-blog-comment-notices.md): a figure
        // and the tile's pill. Other specs may add comments meanwhile, so at least this one.
        await screen.goto('/dashboard');
        const main = screen.getByRole('main');
        const figure = main
          .getByRole('list', { name: 'Waiting for you' })
          .getByRole('link', { name: /^[1-9]\d* blog comments? to approve$/ });
        await expect(figure).toBeVisible();
        await expect(
          main.getByRole('list', { name: 'Your school area' }).locator('a[href="/blog-comments"]'),
        ).toContainText(/[1-9]\d* waiting/);
        expect(await blockingViolations(screen, '/dashboard', width)).toEqual([]);
        await figure.click();
        await expect(screen).toHaveURL(/\/blog-comments$/);
        await expect(screen.getByRole('heading', { level: 1, name: 'Blog Comments' })).toBeVisible();
        await expect(screen.getByText(message)).toBeVisible();
        expect(await blockingViolations(screen, '/blog-comments', width)).toEqual([]);
      }
      await screen.getByRole('button', { name: 'Approve: the comment of Rosa Parent' }).first().click();
      await expect(
        screen.locator('.Toastify').getByText('The comment of Rosa Parent is on the site.'),
      ).toBeVisible();
    } finally {
      await principal.close();
    }

    await page.goto(postPage);
    await expect(page.getByRole('region', { name: /\d+ Comments?/ }).getByText(message)).toBeVisible();
    await expect(page.getByText('rosa@example.org')).toHaveCount(0);
  });

  test('a filled honeypot is thanked, and nothing reaches the principal', async ({
    page,
    request,
    tokenFor,
  }) => {
    const message = `Cheap pills ${Date.now()}`;
    await page.goto(`/blogdetail?post=${await firstPostId(request)}`);
    await expectIslandsHydrated(page);
    const form = page.getByRole('form', { name: 'Leave a comment' });
    await form.getByLabel('Name').fill('Robot');
    await form.getByLabel('Email').fill('robot@example.org');
    await form.getByLabel('Message').fill(message);
    // Hidden from people; a robot fills every field it finds.
    await form.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await form.getByRole('button', { name: 'Leave Your Comment' }).click();
    await expect(page.locator('.Toastify').getByText(BLOG_COMMENT_MESSAGES.sent)).toBeVisible();

    expect(await moderated(request, await tokenFor('principal@demo.school'))).not.toContain(message);
  });
});

test.describe('the comment form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts to the page, comes back to the post with the thanks, and the comment waits', async ({
    page,
    request,
    tokenFor,
  }) => {
    const message = `Sent from an old phone ${Date.now()}`;
    const postId = await firstPostId(request);
    await page.goto(`/blogdetail?post=${postId}`);
    const form = page.getByRole('form', { name: 'Leave a comment' });
    await form.getByLabel('Name').fill('Sam Parent');
    await form.getByLabel('Email').fill('sam@example.org');
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Leave Your Comment' }).click();
    await expect(page).toHaveURL(new RegExp(`/blogdetail\\?post=${postId}&comment=sent#comment-form$`));
    await expect(form.getByRole('status')).toHaveText(BLOG_COMMENT_MESSAGES.sent);

    expect(await moderated(request, await tokenFor('principal@demo.school'))).toContain(message);
  });
});

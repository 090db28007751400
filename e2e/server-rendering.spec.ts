import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SERVER_RENDERED_PATHS } from '../src/shared/page-rendering.js';

/**
 * The public pages rendered on the server (docs/decisions/0030-server-rendering.md): the browser
 * takes over the server's markup without a hydration warning or any console error, and the page
 * then works (carousel, gallery filters, forms, navigation without a reload). With JavaScript off,
 * every page still reads.
 */

/** Collects what the page logs as an error or warning, and errors it throws. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * Records every element the page's scripts take out of #root, from the moment the HTML is parsed
 * (before any script runs). Hydrating keeps the server's elements; one taken out means the browser's
 * render did not match the server's and was redrawn. The built app runs on Preact
 * (docs/decisions/0035-lean-public-pages.md), which mends a mismatch without a warning, so this is
 * how a mismatch shows.
 */
async function watchRemovedElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element)
            removed.push(`${node.tagName} ${node.className}: ${node.textContent?.slice(0, 60)}`);
        }
      }
    });
    document.addEventListener('readystatechange', () => {
      const root = document.getElementById('root');
      if (document.readyState === 'interactive' && root)
        observer.observe(root, { subtree: true, childList: true });
    });
  });
}

/** Opens a page and waits until its scripts ran and its code loaded (hydration is done then). */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.locator('#root')).not.toBeEmpty();
}

async function firstRecord(request: APIRequestContext, collection: string) {
  const response = await request.get(`/api/${collection}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: (Record<string, string> & { id: number })[] }).data;
}

test.describe('each public page hydrates cleanly', () => {
  for (const path of SERVER_RENDERED_PATHS) {
    test(`${path}: the server's markup, then no hydration warning or console error`, async ({
      page,
      request,
    }) => {
      // The page as it came from the server, before any script ran.
      const served = await request.get(path);
      expect(served.status()).toBe(200);
      const html = await served.text();
      expect(html).toMatch(/<div id="root">\s*<[a-z]/);

      const problems = watchConsole(page);
      await watchRemovedElements(page);
      await openHydrated(page, path);
      // A moment for effects after hydration, and for the deferred parts' code to arrive.
      await page.waitForTimeout(300);
      expect(problems).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot),
      ).toEqual([]);
      // What the page says is what the server sent.
      const servedText = await page.evaluate(
        (served) => new DOMParser().parseFromString(served, 'text/html').getElementById('root')?.textContent,
        html,
      );
      expect(await page.locator('#root').textContent()).toBe(servedText);
    });
  }
});

test('a page whose markup is not what the browser renders is caught by these checks', async ({
  page,
  request,
}) => {
  // The server's /about with an element the app does not render, as a mismatch would leave one.
  const served = await (await request.get('/about')).text();
  const main = '<main id="main-content" tabindex="-1" class="site-main">';
  expect(served).toContain(main);
  const tampered = served.replace(main, `${main}<p class="not-rendered">Not rendered by the app</p>`);
  await page.route('**/about', (route) => route.fulfill({ body: tampered, contentType: 'text/html' }));

  await watchRemovedElements(page);
  await openHydrated(page, '/about');
  await expect(page.locator('.not-rendered')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot),
  ).toContain('P not-rendered: Not rendered by the app');
});

test('the home carousel and a navigation without a reload work after hydration', async ({ page }) => {
  const problems = watchConsole(page);
  await openHydrated(page, '/');
  const carousel = page.getByRole('region', { name: 'Testimonials' });
  const second = carousel.getByRole('button', { name: 'Go to testimonial 2' });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');

  // The router takes over links: the page object survives the move to /about.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole('navigation').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(/^About · /);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(problems).toEqual([]);
});

test('the gallery filters work on the server-rendered gallery', async ({ page }) => {
  await openHydrated(page, '/gallery');
  const all = page.locator('.gallery__grid img');
  const before = await all.count();
  await page.getByRole('button', { name: 'Drawing', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Drawing', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => all.count()).toBeLessThan(before);
});

test('the contact and log-in forms check their fields in the browser after hydration', async ({ page }) => {
  await openHydrated(page, '/contact');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/enter your name|name is required|please enter/i).first()).toBeVisible();

  await openHydrated(page, '/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(/enter your email|email is required|please enter/i).first()).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page reads: its headings, its texts, the footer', async ({ page, request }) => {
    const posts = await firstRecord(request, 'blog');
    const post = posts[1] ?? posts[0];
    for (const path of [...SERVER_RENDERED_PATHS, `/blogdetail?post=${post?.id}`]) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expect(page.locator('footer')).toContainText('Get In Touch');
    }
    await expect(page.getByRole('heading', { name: post?.heading })).toBeVisible();
  });
});

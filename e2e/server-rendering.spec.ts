import type { APIRequestContext, Page } from '@playwright/test';
import { SERVER_RENDERED_PATHS } from '../src/shared/page-rendering.js';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated, ISLAND } from './support/islands.js';

/**
 * The public pages rendered on the server (docs/decisions/0030-server-rendering.md) are the server's
 * HTML with islands, each hydrated by React as a root of its own (docs/decisions/0042-react-islands.md).
 * Every island takes over the server's markup: React 19 reports a mismatch as a recoverable error
 * (in a production build "Minified React error #418" through window.reportError, a page error here;
 * in development a console error), then renders that island again in the browser. The rest of the
 * page is left as it came. With JavaScript off, every page still reads.
 */

const UNHYDRATED_ISLAND = `${ISLAND}:not([data-island-hydrated])`;

interface HydrationReport {
  /** Console errors and warnings, and errors the page threw or reported. */
  problems: string[];
  /** The islands (by name) whose root never committed. */
  unhydrated: string[];
  /** Elements the page's scripts took out of #root outside any island. */
  removedOutsideIslands: string[];
}

/**
 * Starts watching a page that is about to be opened, and answers how to read what its hydration
 * did once it has loaded: every island ends hydrated (site.tsx marks it) or the page reports why
 * not (an island's code did not arrive, a render threw, a mismatch).
 */
async function watchHydration(page: Page): Promise<() => Promise<HydrationReport>> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // From the moment the HTML is parsed (before any script runs): hydrating an island keeps its
  // elements and touches nothing around it, so any element taken out elsewhere is a fault.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedOutsideIslands: string[] }).removedOutsideIslands = removed;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof Element && record.target.closest('[data-island]')) continue;
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
  return async () => {
    // An island hydrated when it comes near the screen is brought there, one at a time.
    for (const island of await page.locator(`${ISLAND}[data-island-when="visible"]`).all()) {
      // The island's element has no box (display: contents): what it holds is scrolled to.
      await island.evaluate((element) => element.firstElementChild?.scrollIntoView({ block: 'center' }));
      // Until it is hydrated, or reports a problem of its own (one seen before is another island's).
      const problemsBefore = problems.length;
      await expect
        .poll(
          async () =>
            problems.length > problemsBefore || (await island.getAttribute('data-island-hydrated')) === '',
        )
        .toBe(true);
    }
    await expect
      .poll(async () => problems.length > 0 || (await page.locator(UNHYDRATED_ISLAND).count()) === 0)
      .toBe(true);
    return {
      problems: [...problems],
      unhydrated: await page
        .locator(UNHYDRATED_ISLAND)
        .evaluateAll((islands) => islands.map((island) => (island as HTMLElement).dataset.island ?? '')),
      removedOutsideIslands: await page.evaluate(
        () => (window as unknown as { removedOutsideIslands: string[] }).removedOutsideIslands,
      ),
    };
  };
}

const CLEAN: HydrationReport = { problems: [], unhydrated: [], removedOutsideIslands: [] };

/** What React reports for a hydration mismatch, in a production build and in development. */
const HYDRATION_MISMATCH = /Minified React error #418|Hydration failed|didn't match/;

/** Serves `path` to this page as the server answers it, with `tamper` applied to its HTML. */
async function serveTampered(page: Page, path: string, tamper: (html: string) => string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const tampered = tamper(html);
      expect(tampered).not.toBe(html);
      const headers = { ...response.headers() };
      // The body is sent again as text, not as the server encoded it.
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, headers, body: tampered });
    },
  );
}

async function firstRecords(request: APIRequestContext, collection: string) {
  const response = await request.get(`/api/${collection}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: (Record<string, string> & { id: number })[] }).data;
}

test.describe('each public page hydrates its islands cleanly', () => {
  const paths = [...SERVER_RENDERED_PATHS, 'a blog post'];
  for (const name of paths) {
    test(`${name}: the server's markup, every island hydrated, no hydration error or console error`, async ({
      page,
      request,
    }) => {
      let path = name;
      if (name === 'a blog post') {
        const posts = await firstRecords(request, 'blog');
        path = `/blogdetail?post=${(posts[1] ?? posts[0])?.id}`;
      }
      // The page as it came from the server, before any script ran.
      const served = await request.get(path);
      expect(served.status()).toBe(200);
      const html = await served.text();
      expect(html).toMatch(/<div id="root">\s*<[a-z]/);

      const report = await watchHydration(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await report()).toEqual(CLEAN);

      const servedPage = await page.evaluate((served) => {
        const parsed = new DOMParser().parseFromString(served, 'text/html');
        return {
          text: parsed.getElementById('root')?.textContent,
          islands: parsed.querySelectorAll('[data-island]').length,
        };
      }, html);
      // The navigation and the toasts at least; each one the server rendered is hydrated.
      expect(servedPage.islands).toBeGreaterThanOrEqual(2);
      await expect(page.locator(`${ISLAND}[data-island-hydrated]`)).toHaveCount(servedPage.islands);
      // What the page says is what the server sent.
      expect(await page.locator('#root').textContent()).toBe(servedPage.text);
    });
  }
});

test('with the log-in cookie, the pages hydrate as cleanly and the navigation offers Dashboard and LogOut', async ({
  page,
  logInAs,
}) => {
  // The server renders the same page for everyone (its page cache); the navigation's island reads the
  // cookie once hydrated, without a mismatch.
  await logInAs('student@demo.school');
  const report = await watchHydration(page);
  for (const path of ['/', '/contact']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await report()).toEqual(CLEAN);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'LogOut' })).toBeVisible();
  }
});

test.describe('the hydration check catches', () => {
  test('an island whose server HTML is not what React renders in the browser', async ({ page }) => {
    // /about with the navigation island's own link to it saying something the app does not render.
    await serveTampered(page, '/about', (html) => {
      const island = html.indexOf('data-island="site-nav"');
      const link = html.indexOf('>About</a>', island);
      expect(island).toBeGreaterThan(-1);
      expect(link).toBeGreaterThan(island);
      return `${html.slice(0, link)}>Not rendered by the app</a>${html.slice(link + '>About</a>'.length)}`;
    });
    const report = await watchHydration(page);
    await page.goto('/about', { waitUntil: 'networkidle' });
    await expect(page.getByText('Not rendered by the app')).toHaveCount(0);

    const { problems, removedOutsideIslands } = await report();
    expect(problems.join('\n')).toMatch(HYDRATION_MISMATCH);
    // React drew that island again in the browser; what is around it stayed the server's.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }),
    ).toBeAttached();
    expect(removedOutsideIslands).toEqual([]);
  });

  test('an island left as the server sent it, its code never arriving', async ({ page }) => {
    await page.route(/\/assets\/NavBar-[\w-]+\.js$/, (route) => route.abort());
    const report = await watchHydration(page);
    await page.goto('/about', { waitUntil: 'networkidle' });
    const { problems, unhydrated } = await report();
    expect(unhydrated).toEqual(['site-nav']);
    expect(problems.join('\n')).toMatch(/page error: .*(dynamically imported module|Importing a module)/);
  });
});

test('the home carousel works after hydration', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await expectIslandsHydrated(page);
  const carousel = page.getByRole('region', { name: 'Testimonials' });
  const second = carousel.getByRole('button', { name: 'Go to testimonial 2' });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
});

test('a link between public pages loads the next page from the server, and its islands hydrate', async ({
  page,
}) => {
  const report = await watchHydration(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(await report()).toEqual(CLEAN);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'About', exact: true })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(/^About · /);
  // A page load, not a move inside one page: the old page's window is gone.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
  expect(await report()).toEqual(CLEAN);
});

test('the gallery filters work on the server-rendered gallery', async ({ page }) => {
  await page.goto('/gallery', { waitUntil: 'networkidle' });
  await expectIslandsHydrated(page);
  const all = page.locator('.gallery__grid img');
  const before = await all.count();
  await page.getByRole('button', { name: 'Drawing', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Drawing', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => all.count()).toBeLessThan(before);
});

for (const { path, button, message } of [
  { path: '/contact', button: /send/i, message: /enter your name|name is required|please enter/i },
  { path: '/login', button: 'Login', message: /enter your email|email is required|please enter/i },
]) {
  test(`the ${path} form checks its fields in the browser after hydration`, async ({ page }) => {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expectIslandsHydrated(page);
    await page.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
    await expect(page.getByText(message).first()).toBeVisible();
    // Checked in the page, not sent to the server and answered with a new page.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page reads: its headings, its texts, the footer', async ({ page, request }) => {
    const posts = await firstRecords(request, 'blog');
    const post = posts[1] ?? posts[0];
    for (const path of [...SERVER_RENDERED_PATHS, `/blogdetail?post=${post?.id}`]) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expect(page.locator('footer')).toContainText('Get In Touch');
    }
    await expect(page.getByRole('heading', { name: post?.heading })).toBeVisible();
  });
});

import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * docs/decisions/0015-links-and-navigation.md, against the built server and the demo school: links go where
 * they say (each Read More to its post, Join Now to Book A Seat with that class chosen, an unknown path a
 * real 404), and the navigation shows Contact and the log-in links in the bar.
 */

type WireRecord = Record<string, unknown> & { id: number };

async function content(request: APIRequestContext, collection: string): Promise<WireRecord[]> {
  const response = await request.get(`/api/${collection}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: WireRecord[] }).data;
}

test('each blog card’s Read More opens that post', async ({ page, request }) => {
  const posts = await content(request, 'blog');
  expect(posts.length).toBeGreaterThan(1);
  const second = posts[1] as WireRecord;
  await page.goto('/blog');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: second.heading as string }) })
    .getByRole('link', { name: /^Read More/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/blogdetail\\?post=${second.id}$`));
  await expect(page.getByRole('article', { name: second.heading as string })).toBeVisible();
  await expect(page.getByRole('article').getByText(second.discription as string)).toBeVisible();
  // A post that does not exist says so rather than showing another.
  await page.goto('/blogdetail?post=999999');
  await expect(page.getByText('This post could not be found.')).toBeVisible();
});

test('Join Now on a class card leads to Book A Seat with that class chosen, and the booking goes through', async ({
  page,
  request,
}) => {
  const classes = await content(request, 'kidsclasses');
  const third = classes[2] as WireRecord;
  const name = third.heading as string;
  await page.goto('/class');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name }) })
    .getByRole('link', { name: /^Join Now/ })
    .click();
  const form = page.getByRole('form', { name: 'Book A Seat' });
  const select = form.getByLabel('Select A Class');
  await expect(select).toHaveValue(name);
  await expect(select).toBeFocused();
  await expect(form).toBeInViewport();
  // The list is the school's classes that take admissions with their seats
  // (docs/decisions/0101-seats-that-mean-something.md), not the original placeholders.
  const seats = (await (await request.get('/api/admissions/seats')).json()) as {
    classes: { className: string; takesAdmissions: boolean; free: number | null }[];
  };
  await expect(select.getByRole('option')).toHaveText([
    'Choose a class',
    ...seats.classes
      .filter((row) => row.takesAdmissions)
      .map((row) =>
        row.free === null
          ? row.className
          : row.free === 0
            ? `${row.className} — waiting list`
            : `${row.className} — ${row.free} ${row.free === 1 ? 'seat' : 'seats'} left`,
      ),
  ]);

  await form.getByLabel('Your Name').fill('Nia Parent');
  await form.getByLabel('Your Email').fill('nia.parent@example.org');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByText('We have received your booking')).toBeVisible();
});

test('an unknown path answers 404 with the site’s not-found page', async ({ page, request }) => {
  const response = await request.get('/no-such-page');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('text/html');
  expect((await request.get('/about')).status()).toBe(200);
  const navigation = await page.goto('/no-such-page');
  expect(navigation?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
});

test.describe('the navigation at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Contact, login and Registation are in the bar; only Blog_Detail is under Pages; no Dashboard without the cookie', async ({
    page,
  }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Contact', 'login', 'Registation']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expectIslandsHydrated(page);
    await nav.getByRole('button', { name: 'Pages' }).click();
    await expect(nav.getByRole('link', { name: 'Blog_Detail' })).toBeVisible();
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('with the cookie: Dashboard and LogOut, no login or Registation', async ({ page, logInAs }) => {
    await logInAs('student@demo.school');
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'LogOut' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'login', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Registation' })).toHaveCount(0);
  });
});

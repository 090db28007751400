import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { USER_MESSAGES } from '../src/shared/api/users.js';
import { MESSAGES, SESSION_COOKIE, USER_TYPE } from '../src/shared/constants.js';
import { DASHBOARD_TILES } from '../src/shared/screens.js';
import { label, logInWithForm as logIn, samplePng } from './support/forms.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * docs/decisions/0005-accounts-and-sessions.md end to end, against the built server and the demo school:
 * registration with a photo, the pending account refused at login, the principal's approval, the new pupil's
 * dashboard, the session across a reload, LogOut, and the old token refused by the API.
 */

const PRINCIPAL = 'principal@demo.school';
const TEACHER = 'teacher@demo.school';

async function tilesOf(page: Page): Promise<[string, string][]> {
  const links = page.getByRole('list', { name: 'Your school area' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  // The label is the link's own text; a tile may add an "N new" pill after it.
  return links.evaluateAll((elements) =>
    elements.map((a): [string, string] => [a.firstChild?.textContent ?? '', a.getAttribute('href') ?? '']),
  );
}

const expected = (tiles: readonly { label: string; path: string }[]): [string, string][] =>
  tiles.map((tile) => [tile.label, tile.path]);

async function sessionToken(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE && c.value !== '');
  return cookie?.value;
}

test.describe
  .serial('a new pupil, from registration to logout', () => {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const email = `e2e-pupil-${stamp}@example.com`;
    const password = 'sunflower-22';
    const name = `Mia Lopez ${stamp.slice(-5)}`;

    test('registers with a photo', async ({ page }) => {
      await page.goto('/registation');
      await expectIslandsHydrated(page);
      const form = page.getByRole('form', { name: 'Join our school family' });
      await form.getByLabel(label('Name')).fill(name);
      await form.getByLabel(label('Designation')).fill('Pupil, Class 1');
      await form.getByLabel(label('Description')).fill('Likes painting and the swings.');
      await form.getByLabel(label('User type')).selectOption(USER_TYPE.student);
      await form.getByRole('radio', { name: 'Female' }).check();
      await form.getByLabel(label('Date of birth')).fill('2019-05-04');
      await form.getByLabel(label('Contact')).fill('+1 555 0100 200');
      await form.getByLabel(label('Address')).fill('4 Oak Lane, Greenfield');
      await form.getByLabel(label('Email')).fill(email);
      await form.getByLabel(label('Password')).fill(password);
      await form.getByLabel(label('Photos')).setInputFiles({
        name: 'mia.png',
        mimeType: 'image/png',
        buffer: samplePng(),
      });
      await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
      await form.getByRole('button', { name: 'Register' }).click();

      const message = form.getByRole('status');
      await expect(message).toContainText(MESSAGES.registered);
      await expect(message).toContainText('approval');
      await expect(page.locator('.Toastify').getByText(MESSAGES.registered)).toBeVisible();
      await expect(form.getByLabel(label('Name'))).toHaveValue('');
    });

    test('cannot log in while the account is pending', async ({ page, context }) => {
      await logIn(page, email, password);
      await expect(page.getByRole('form', { name: 'Welcome back!' }).getByRole('alert')).toHaveText(
        USER_MESSAGES.accountPending,
      );
      await expect(page.locator('.Toastify').getByText(MESSAGES.loginFailed)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      expect(await sessionToken(context)).toBeUndefined();
    });

    test('the principal approves the registration', async ({ page }) => {
      await logIn(page, PRINCIPAL);
      await expect(page).toHaveURL(/\/dashboard$/);
      // The tile names how many registrations wait ("Approvals, 3 waiting") once it knows.
      // The dashboard's tile (the app's navigation has an Approvals link too).
      const approvals = page.getByRole('main').getByRole('link', { name: /^Approvals(, \d+ waiting)?$/ });
      await expect(approvals).toHaveAccessibleName(/^Approvals, \d+ waiting$/);
      await approvals.click();
      await expect(page).toHaveURL(/\/approvals$/);
      const card = page.getByRole('article', { name });
      await expect(card).toContainText(email);
      await expect(card.getByRole('img', { name })).toBeVisible();
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(page.locator('.Toastify').getByText(`${name} is approved`)).toBeVisible();
      await expect(card).toHaveCount(0);
    });

    test('logs in to the pupil’s dashboard, keeps the session on reload, and LogOut ends it', async ({
      page,
      context,
      request,
    }) => {
      await logIn(page, email, password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(`Hello, Mia!`)).toBeVisible();
      expect(await tilesOf(page)).toEqual([
        ...expected(DASHBOARD_TILES.Student),
        // docs/decisions/0081-push-and-live.md
        ['Notification settings', '/notification-settings'],
        // docs/decisions/0089-screens-for-the-school-year-and-calendar.md
        ['Calendar', '/calendar'],
        // docs/decisions/0090-report-cards.md
        ['Report cards', '/report-cards'],
      ]);
      const token = await sessionToken(context);
      expect(token).toBeTruthy();

      await page.reload();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(await tilesOf(page)).toEqual([
        ...expected(DASHBOARD_TILES.Student),
        // docs/decisions/0081-push-and-live.md
        ['Notification settings', '/notification-settings'],
        // docs/decisions/0089-screens-for-the-school-year-and-calendar.md
        ['Calendar', '/calendar'],
        // docs/decisions/0090-report-cards.md
        ['Report cards', '/report-cards'],
      ]);

      // The photo registered with is the profile's.
      await page.getByRole('main').getByRole('link', { name: 'Profile', exact: true }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('img', { name })).toBeVisible();

      // In the school area LogOut is in the app's title bar.
      await page.getByRole('banner').getByRole('button', { name: 'LogOut' }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await sessionToken(context)).toBeUndefined();

      // The server revoked the token (the logout call runs in the background, so allow it a moment).
      await expect
        .poll(async () => {
          const response = await request.get('/api/users/profile', {
            headers: { Authorization: `Bearer ${token}` },
          });
          return response.status();
        })
        .toBe(401);
    });
  });

test('the principal’s dashboard has the contract’s tiles plus the school-year, Approvals, Website, Inbox, families’ Outbox, Newsletters, Blog Comments and Words tiles', async ({
  page,
}) => {
  await logIn(page, PRINCIPAL);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await tilesOf(page)).toEqual([
    ...expected(DASHBOARD_TILES.Principle),
    ['Marks', '/marks'],
    ['Send Notification', '/send-notification'],
    ['School Set-up', '/school-setup'],
    ['Import Pupils', '/import-pupils'],
    ['Approvals', '/approvals'],
    ['Website', '/website'],
    ['Inbox', '/inbox'],
    // docs/decisions/0021-families.md#staff-screens
    ['Today', '/today'],
    ['Guardians', '/guardians'],
    // docs/decisions/0022-email-outbox.md
    ['Outbox', '/outbox'],
    // docs/decisions/0025-newsletter.md
    ['Newsletters', '/newsletters'],
    // docs/decisions/0049-blog-comments.md
    ['Blog Comments', '/blog-comments'],
    // docs/decisions/0065-the-schools-own-words.md
    ['Words', '/words'],
    // docs/decisions/0079-photo-consent.md
    ['Photos', '/photos'],
    // docs/decisions/0080-conversations.md
    ['Messages', '/conversations'],
    // docs/decisions/0081-push-and-live.md
    ['Notification settings', '/notification-settings'],
    // docs/decisions/0089-screens-for-the-school-year-and-calendar.md
    ['School years', '/school-years'],
    ['Calendar', '/calendar'],
    // docs/decisions/0091-the-year-rollover.md
    ['New school year', '/rollover'],
    // docs/decisions/0090-report-cards.md
    ['Review report cards', '/report-cards-review'],
    // docs/decisions/0099-forms-and-permission-slips.md
    ['Forms', '/school-forms'],
    // docs/decisions/0105-the-admissions-board.md
    ['Admissions', '/admissions'],
    // docs/decisions/0110-retention-and-erasure.md
    ['Keeping records', '/retention'],
    // docs/decisions/0108-two-factor-for-staff.md
    ['Sign-in security', '/security'],
  ]);
});

test('the teacher’s dashboard has the contract’s tiles plus Marks, Send Notification and Today, and /approvals is only for the principal', async ({
  page,
}) => {
  await logIn(page, TEACHER);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Today right after Profile: the register at the door is a teacher's first screen of the day.
  const [profile, ...rest] = expected(DASHBOARD_TILES.Teacher);
  expect(await tilesOf(page)).toEqual([
    profile,
    ['Today', '/today'],
    ...rest,
    ['Marks', '/marks'],
    ['Send Notification', '/send-notification'],
    // docs/decisions/0079-photo-consent.md
    ['Photos', '/photos'],
    // docs/decisions/0080-conversations.md
    ['Messages', '/conversations'],
    // docs/decisions/0081-push-and-live.md
    ['Notification settings', '/notification-settings'],
    // docs/decisions/0089-screens-for-the-school-year-and-calendar.md
    ['Calendar', '/calendar'],
    // docs/decisions/0090-report-cards.md
    ['Report card comments', '/report-card-comments'],
    // docs/decisions/0108-two-factor-for-staff.md
    ['Sign-in security', '/security'],
  ]);
  await page.goto('/approvals');
  await expect(page.getByRole('alert')).toContainText('Only the principal can review new registrations.');
});

test('a wrong password is refused with the reason and the toast', async ({ page }) => {
  await logIn(page, `nobody-${Date.now()}@example.com`, 'not-the-password');
  await expect(page.getByRole('form', { name: 'Welcome back!' }).getByRole('alert')).toHaveText(
    USER_MESSAGES.invalidCredentials,
  );
  await expect(page.locator('.Toastify').getByText(MESSAGES.loginFailed)).toBeVisible();
});

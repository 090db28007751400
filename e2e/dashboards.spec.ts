import { USER_TYPE } from '../src/shared/constants.js';
import { groupedTilesOf } from '../src/shared/dashboard-groups.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';

/**
 * The staff dashboards (docs/decisions/0052-dashboards-that-say-what-needs-doing.md) against the
 * built server and the demo school: they start with today, every figure leads to its screen, the
 * principal's tiles show group by group, and axe finds nothing serious at 375 and 1280 px.
 */

const TODAY_HEADING = /^Today, /;

for (const width of [375, 1280]) {
  test.describe(`the staff dashboards at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, bypassCSP: true });

    for (const who of ['principal', 'teacher'] as const) {
      test(`${who}: today first, no serious or critical axe violation`, async ({ page, logInAs }) => {
        await logInAs(`${who}@demo.school`);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 2, name: TODAY_HEADING })).toBeVisible();
        const classes = page.getByRole('list', {
          name: who === 'principal' ? 'Classes today' : 'Your classes today',
        });
        await expect(classes.getByRole('link', { name: /arrived$/ }).first()).toBeVisible();
        if (who === 'principal')
          await expect(page.getByRole('list', { name: 'Waiting for you' })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await blockingViolations(page, `/dashboard (${who})`, width)).toEqual([]);
      });
    }
  });
}

test('the principal’s figures lead to their screens, and the tiles show group by group', async ({
  page,
  logInAs,
}) => {
  await logInAs('principal@demo.school');
  await page.goto('/dashboard');
  const waiting = page.getByRole('list', { name: 'Waiting for you' });
  await waiting.getByRole('link', { name: /registrations? to approve$/ }).click();
  await expect(page).toHaveURL(/\/approvals$/);
  await page.goBack();
  await waiting.getByRole('link', { name: /overdue/ }).click();
  await expect(page).toHaveURL(/\/payment\?tab=overdue$/);
  await page.goBack();

  const tiles = page.getByRole('list', { name: 'Your school area' }).getByRole('link');
  for (const { group, tiles: inGroup } of groupedTilesOf(USER_TYPE.principal) ?? []) {
    await page.getByRole('button', { name: group, exact: true }).click();
    await expect(page.getByRole('button', { name: group, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(tiles).toHaveCount(inGroup.length);
    expect(await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      inGroup.map((tile) => tile.path),
    );
  }
});

test('a teacher’s class leads to the day’s register and to the attendance of that class', async ({
  page,
  logInAs,
}) => {
  await logInAs('teacher@demo.school');
  await page.goto('/dashboard');
  const firstClass = page.getByRole('list', { name: 'Your classes today' }).getByRole('listitem').first();
  await firstClass.getByRole('link', { name: /arrived$/ }).click();
  await expect(page).toHaveURL(/\/today\?classId=\d+$/);
  await page.goBack();
  await firstClass.getByRole('link', { name: /^Attendance/ }).click();
  await expect(page).toHaveURL(/\/student-attendence\?classId=\d+$/);
});

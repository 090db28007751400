import type { APIRequestContext } from '@playwright/test';
import { demoContentTranslations } from '../src/server/demo/content-translations.js';
import { CONTENT_COLLECTIONS } from '../src/shared/content-records.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';

/**
 * The school's content in its languages (docs/decisions/0064-content-in-the-schools-languages.md),
 * end to end against the real server and its demo school (English by default, French and Arabic
 * offered): the principal writes the home banner's title in French in the website editor; the
 * French home page shows it and the English one does not. The demo's own French text of the banner
 * is set aside before and put back after, so no other spec sees the change.
 */

const PRINCIPAL = 'principal@demo.school';
const FRENCH_TITLE = 'Apprendre en jouant, chaque jour';
/**
 * The demo's own French banner under its wire names, put back after the test: from the seed, not read
 * before.
 */
const HOME_FIELDS: Readonly<Record<string, { wire: string }>> = CONTENT_COLLECTIONS.home.fields;
const DEMO_FRENCH_BANNER = Object.fromEntries(
  Object.entries(demoContentTranslations().fr?.home?.[0] ?? {}).map(([key, text]) => [
    HOME_FIELDS[key]?.wire ?? key,
    text,
  ]),
);

interface HomeRecord {
  id: number;
  heading: string;
  heading2: string;
}

async function homeBanner(request: APIRequestContext): Promise<HomeRecord> {
  const response = await request.get('/api/home');
  expect(response.status()).toBe(200);
  const [record] = ((await response.json()) as { data: HomeRecord[] }).data;
  if (!record) throw new Error('The demo school has no home banner.');
  return record;
}

// The widths' tests change the same record: one after the other.
test.describe.configure({ mode: 'serial' });

for (const width of [375, 1280]) {
  test.describe(`a record in French in the website editor at ${width} px`, () => {
    // The app's CSP rightly refuses the injected axe script; only these scans bypass it.
    test.use({ viewport: { width, height: 900 }, bypassCSP: true });

    test('marks what is not translated, has no serious or critical axe violation, and the French page shows what is saved', async ({
      page,
      request,
      logInAs,
    }) => {
      test.setTimeout(120_000);
      const token = await logInAs(PRINCIPAL);
      const home = await homeBanner(request);
      const translation = `/api/admin/content/home/${home.id}/translations/fr`;
      const headers = { Authorization: `Bearer ${token}` };
      // The demo's own French text of the banner is set aside for the test and put back after.
      expect((await request.put(translation, { data: {}, headers })).status()).toBe(200);
      try {
        await page.goto('/website');
        await page
          .getByRole('navigation', { name: 'Website sections' })
          .getByRole('button', { name: 'Home banner', exact: true })
          .click();
        const panel = page.getByRole('region', { name: 'Home banner' });
        await panel.getByLabel('Language of the text').selectOption('fr');
        await panel
          .getByRole('button', { name: /^Edit “/ })
          .first()
          .click();
        const form = page.getByRole('form', { name: 'Home banner record in French' });
        const title = form.getByLabel('Title', { exact: true });
        await expect(title).toHaveAttribute('placeholder', home.heading2);
        await expect(form.getByText(`Not translated — shows “${home.heading2}”`)).toBeVisible();
        expect(await blockingViolations(page, '/website (Home banner in French)', width)).toEqual([]);
        if (width !== 1280) return;

        await title.fill(FRENCH_TITLE);
        await expect(form.getByText(`Not translated — shows “${home.heading2}”`)).toHaveCount(0);
        await form.getByRole('button', { name: 'Save' }).click();
        await expect(
          page.locator('.Toastify').getByText('The website shows the French text now.'),
        ).toBeVisible();

        const french = await request.get('/fr');
        expect(french.status()).toBe(200);
        const frenchHtml = await french.text();
        expect(frenchHtml).toContain(FRENCH_TITLE);
        // Not translated: the small heading in English.
        expect(frenchHtml).toContain(home.heading);
        expect(await (await request.get('/')).text()).not.toContain(FRENCH_TITLE);
      } finally {
        const restored = await request.put(translation, { data: DEMO_FRENCH_BANNER, headers });
        expect(restored.status(), 'put the demo’s French text back').toBe(200);
      }
    });

    test('the School section with the school’s languages has no serious or critical axe violation', async ({
      page,
      logInAs,
    }) => {
      test.setTimeout(120_000);
      await logInAs(PRINCIPAL);
      await page.goto('/website');
      await page
        .getByRole('navigation', { name: 'Website sections' })
        .getByRole('button', { name: 'School', exact: true })
        .click();
      const settings = page.getByRole('form', { name: 'School settings' });
      await expect(settings.getByLabel('Default language')).toHaveValue('en');
      await expect(
        settings.getByRole('group', { name: 'Languages offered' }).getByLabel('French'),
      ).toBeChecked();
      expect(await blockingViolations(page, '/website (School, languages)', width)).toEqual([]);
    });
  });
}

import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';

/**
 * The school's own words end to end (docs/decisions/0065-the-schools-own-words.md): the principal
 * finds "Registation" on the Words screen, gives its French page title the school's wording, and the
 * French registration page says it; a reset brings the product’s back. This test changes only the
 * French text, which no other spec reads, with a stamped wording of its own, and resets it whatever
 * happens.
 */

const KEY = 'public-site.title.registation';

test.describe("the school's own words", () => {
  test.use({ bypassCSP: true });

  test('the principal replaces a text in French, the French page shows it, a reset brings the original back', async ({
    page,
    browser,
    baseURL,
    request,
    logInAs,
  }) => {
    const wording = `Inscription à notre école ${Date.now().toString(36)}`;
    const principal = await browser.newContext({ baseURL, bypassCSP: true });
    const token = await logInAs('principal@demo.school', principal);
    try {
      const screen = await principal.newPage();
      await screen.emulateMedia({ reducedMotion: 'reduce' });
      for (const width of [375, 1280]) {
        await screen.setViewportSize({ width, height: 900 });
        await screen.goto('/words');
        await expect(screen.getByRole('heading', { level: 1, name: 'Words' })).toBeVisible();
        await expect(screen.getByRole('heading', { name: 'Texts you replaced' })).toBeVisible();
        expect(await blockingViolations(screen, '/words', width)).toEqual([]);
      }
      // The Words screen's own language, not the school area's footer picker of the same name.
      await screen.getByRole('main').getByRole('combobox', { name: 'Language' }).selectOption('fr');
      await screen.getByRole('searchbox', { name: 'Find a text' }).fill('Registation form');
      await screen.getByRole('button', { name: 'Search' }).click();
      const entry = screen.getByRole('listitem', { name: KEY });
      await expect(entry).toBeVisible();
      expect(await blockingViolations(screen, '/words', 1280)).toEqual([]);
      await entry.getByRole('textbox', { name: 'Your text' }).fill(wording);
      await entry.getByRole('button', { name: `Save your text for ${KEY}` }).click();
      await expect(
        screen.locator('.Toastify').getByText('Saved: pages opened from now on show your text.'),
      ).toBeVisible();

      // A visitor's French registration page, rendered by the server, says the school's words.
      await page.goto('/fr/registation');
      await expect(page.locator('body')).toContainText(wording);
      await page.goto('/registation');
      await expect(page.locator('body')).not.toContainText(wording);

      await entry.getByRole('button', { name: `Reset ${KEY} to the original` }).click();
      await expect(screen.locator('.Toastify').getByText('Reset: the original text is back.')).toBeVisible();
      await page.goto('/fr/registation');
      await expect(page.locator('body')).not.toContainText(wording);
    } finally {
      // Whatever happened, the French text is the product's again (404: it already was).
      await request.delete(`/api/admin/words/fr/${KEY}`, { headers: { Authorization: `Bearer ${token}` } });
      await principal.close();
    }
  });
});

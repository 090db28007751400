import { ENQUIRY_MESSAGES } from '../src/shared/api/enquiry.js';
import { expect, test } from './support/fixtures.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * docs/decisions/0006-media-and-content-editing.md end to end: a visitor's message from the contact
 * page reaches the principal's inbox. The message is the test's own (its subject is stamped), so it
 * runs beside the specs that read the demo school.
 */

test('a visitor’s contact message reaches the principal’s inbox', async ({
  page,
  browser,
  baseURL,
  logInAs,
}) => {
  const subject = `Visit on Friday ${Date.now()}`;
  await page.goto('/contact');
  await expectIslandsHydrated(page);
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Your Name').fill('Asha Patel');
  await form.getByLabel('Your Email').fill('asha@example.com');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Could we visit the school on Friday morning?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('.Toastify').getByText(ENQUIRY_MESSAGES.sent)).toBeVisible();

  const principal = await browser.newContext({ baseURL });
  try {
    await logInAs('principal@demo.school', principal);
    const inbox = await principal.newPage();
    await inbox.goto('/inbox');
    await expect(inbox.getByText(`Enquiry: ${subject}`)).toBeVisible();
  } finally {
    await principal.close();
  }
});

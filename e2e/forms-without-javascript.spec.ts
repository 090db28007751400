import type { Locator, Page } from '@playwright/test';
import { ENQUIRY_MESSAGES } from '../src/shared/api/enquiry.js';
import { NEWSLETTER_FORM_POST } from '../src/shared/api/form-posts.js';
import { NEWSLETTER_MESSAGES } from '../src/shared/api/newsletter.js';
import { expect, test } from './support/fixtures.js';

/**
 * The contact form and the footer's newsletter form work on a phone whose script never loads
 * (docs/decisions/0029-forms-without-javascript.md): the browser posts them as plain HTML forms, the
 * server answers 303 to the page with the outcome in its URL, and the page says it.
 *
 * The first block needs the public pages rendered on the server: with JavaScript off, a
 * page rendered only in the browser is empty. The second sends the same plain posts from a running
 * page (`form.submit()` skips the script's handler, as a browser without the script does), so the
 * posts, the answers and the pages' reading of them are checked either way.
 */

const contactForm = (page: Page): Locator => page.getByRole('form', { name: 'Contact us' });
const newsletterForm = (page: Page): Locator =>
  page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });

async function fillContact(form: Locator, subject: string): Promise<void> {
  await form.getByLabel('Your Name').fill('Asha Patel');
  await form.getByLabel('Your Email').fill('asha@example.com');
  await form.getByLabel('Subject').fill(subject);
  await form
    .getByLabel('Message')
    .fill('Could we visit the school on Friday morning? Our phone lost its signal.');
}

test.describe('with JavaScript off (needs the server-rendered pages)', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form is sent, the page confirms it, and the message is in the principal’s inbox', async ({
    page,
    browser,
    baseURL,
    logInAs,
  }) => {
    const subject = `Sent without JavaScript ${Date.now()}`;
    await page.goto('/contact');
    const form = contactForm(page);
    await fillContact(form, subject);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/contact\?contact=sent#contact-form$/);
    await expect(contactForm(page).getByRole('status')).toHaveText(ENQUIRY_MESSAGES.sent);

    const principal = await browser.newContext({ baseURL, javaScriptEnabled: true });
    try {
      await logInAs('principal@demo.school', principal);
      const inbox = await principal.newPage();
      await inbox.goto('/inbox');
      await expect(inbox.getByText(`Enquiry: ${subject}`)).toBeVisible();
    } finally {
      await principal.close();
    }
  });

  test('the browser checks the fields before anything is sent', async ({ page }) => {
    await page.goto('/contact');
    const form = contactForm(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    // Nothing left the page: the browser stopped at the first empty required field.
    await expect(page).toHaveURL(/\/contact$/);
    expect(
      await form.getByLabel('Your Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
  });

  test('the footer’s newsletter form subscribes and comes back to the same page', async ({ page }) => {
    await page.goto('/gallery');
    const form = newsletterForm(page);
    await form.getByLabel('Your Name').fill('Noor Parent');
    await form.getByLabel('Your Email').fill(`noor.${Date.now()}@example.org`);
    await form.getByRole('button', { name: 'Submit Now' }).click();

    await expect(page).toHaveURL(/\/gallery\?newsletter=subscribed#newsletter$/);
    await expect(newsletterForm(page).getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.subscribed);
  });
});

test.describe('the same plain posts from a running page', () => {
  test('the contact form posted natively lands on the confirmation', async ({ page }) => {
    await page.goto('/contact');
    const form = contactForm(page);
    await fillContact(form, `Posted natively ${Date.now()}`);
    await form.evaluate((element: HTMLFormElement) => element.submit());

    await expect(page).toHaveURL(/\/contact\?contact=sent#contact-form$/);
    await expect(contactForm(page).getByRole('status')).toHaveText(ENQUIRY_MESSAGES.sent);
  });

  test('a mistake the browser let through comes back as a list of what to fix', async ({ page }) => {
    await page.goto('/blog');
    const form = newsletterForm(page);
    await form.getByLabel('Your Name').fill('Noor Parent');
    // A browser takes `noor@school` as an email; the shared schema does not.
    await form.getByLabel('Your Email').fill('noor@school');
    await form.evaluate((element: HTMLFormElement) => element.submit());

    await expect(page).toHaveURL(/\/blog\?newsletter=invalidEmail#newsletter$/);
    const alert = newsletterForm(page).getByRole('alert');
    await expect(alert).toContainText(NEWSLETTER_FORM_POST.notDone);
    await expect(alert.getByRole('listitem')).toHaveText([NEWSLETTER_MESSAGES.invalidEmail]);
  });
});

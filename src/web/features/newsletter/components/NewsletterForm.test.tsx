import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_FORM_POST, NEWSLETTER_PAGE_FIELD } from '../../../../shared/api/form-posts.js';
import { HONEYPOT_FIELD, NEWSLETTER_MESSAGES } from '../../../../shared/api/newsletter.js';
import { TOO_MANY_MESSAGES } from '../../../components/forms/public-form.js';
import { answerForm } from '../../../test/form-fetch.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { NewsletterForm } from './NewsletterForm.js';

/** The form as the footer shows it, inside the real layout (toasts included). */
async function renderFooterForm(path = '/contact') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Contact' });
  // The app loads the footer's form with the first page that shows it (docs/decisions/0073-budgets-won-back.md).
  const form = await within(screen.getByRole('contentinfo')).findByRole('form', { name: 'Newsletter' });
  return { ...app, form: within(form) };
}

describe('NewsletterForm (footer)', () => {
  it('has labelled Your Name and Your Email fields and a Submit Now button', async () => {
    const { form } = await renderFooterForm();
    expect(form.getByLabelText('Your Name')).toHaveAttribute('type', 'text');
    expect(form.getByLabelText('Your Email')).toHaveAttribute('type', 'email');
    expect(form.getByRole('button', { name: 'Submit Now' })).toHaveAttribute('type', 'submit');
  });

  it('asks for both fields when submitted empty', async () => {
    const { form, user } = await renderFooterForm();
    await user.click(form.getByRole('button', { name: 'Submit Now' }));

    expect(await form.findByText('Please enter your name')).toBeInTheDocument();
    expect(form.getByText('Please enter your email')).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Your Name')).toHaveAccessibleDescription('Please enter your name');
    expect(form.getByLabelText('Your Email')).toHaveAccessibleDescription('Please enter your email');
  });

  it('treats spaces only as empty', async () => {
    const { form, user } = await renderFooterForm();
    await user.type(form.getByLabelText('Your Name'), '   ');
    await user.click(form.getByRole('button', { name: 'Submit Now' }));
    expect(await form.findByText('Please enter your name')).toBeInTheDocument();
  });

  it('checks the email format', async () => {
    const { form, user } = await renderFooterForm();
    await user.type(form.getByLabelText('Your Name'), 'Asha');
    await user.type(form.getByLabelText('Your Email'), 'asha-at-example');
    await user.click(form.getByRole('button', { name: 'Submit Now' }));

    expect(await form.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(form.queryByText('Please enter your name')).not.toBeInTheDocument();
  });

  it('subscribes with POST newsletter (201), honeypot empty, and empties the form', async () => {
    const { form, user } = await renderFooterForm();
    const sent = answerForm('newsletter', jsonResponse({ data: { received: true } }, 201));
    await user.type(form.getByLabelText('Your Name'), 'Asha');
    await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
    await user.click(form.getByRole('button', { name: 'Submit Now' }));

    expect(await screen.findByText(NEWSLETTER_MESSAGES.subscribed)).toBeInTheDocument();
    expect(sent()).toEqual({ name: 'Asha', email: 'asha@example.com', [HONEYPOT_FIELD]: '' });
    expect(form.getByLabelText('Your Name')).toHaveValue('');
    expect(form.getByLabelText('Your Email')).toHaveValue('');
  });

  it('says “already subscribed” when the server answers 200', async () => {
    const { form, user } = await renderFooterForm();
    answerForm('newsletter', jsonResponse({ data: { received: true } }, 200));
    await user.type(form.getByLabelText('Your Name'), 'Asha');
    await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
    await user.click(form.getByRole('button', { name: 'Submit Now' }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.alreadySubscribed)).toBeInTheDocument();
  });

  it('shows 400 details at the field and keeps the form; 429 says try later', async () => {
    const { form, user } = await renderFooterForm();
    answerForm(
      'newsletter',
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'x',
            details: [{ field: 'email', message: 'Bad email here' }],
          },
        },
        400,
      ),
    );
    await user.type(form.getByLabelText('Your Name'), 'Asha');
    await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
    await user.click(form.getByRole('button', { name: 'Submit Now' }));
    expect(await form.findByText('Bad email here')).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toHaveValue('Asha');

    answerForm('newsletter', jsonResponse({ error: { code: 'RATE_LIMITED', message: 'x' } }, 429));
    await user.click(form.getByRole('button', { name: 'Submit Now' }));
    expect(await screen.findByText(TOO_MANY_MESSAGES)).toBeInTheDocument();
  });

  it('without its script it posts to /newsletter with the page it is on, checked by the browser', () => {
    const html = renderToString(
      <NewsletterForm pathname="/blogdetail" search="?post=3&newsletter=invalidEmail" />,
    );
    const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(NEWSLETTER_FORM_POST.action);
    expect(form?.id).toBe(NEWSLETTER_FORM_POST.anchor);
    expect(form?.hasAttribute('novalidate')).toBe(false);
    const control = (name: string) => form?.querySelector(`[name="${name}"]`);
    // The page to come back to, without the outcome of an earlier send.
    expect(control(NEWSLETTER_PAGE_FIELD)?.getAttribute('value')).toBe('/blogdetail?post=3');
    expect(control(NEWSLETTER_PAGE_FIELD)?.getAttribute('type')).toBe('hidden');
    expect(control('name')?.hasAttribute('required')).toBe(true);
    expect(control('name')?.getAttribute('maxlength')).toBe('100');
    expect(control('email')?.getAttribute('type')).toBe('email');
    expect(control('email')?.hasAttribute('required')).toBe(true);
    expect(control(HONEYPOT_FIELD)).not.toBeNull();
    // The outcome of that earlier send, in the server's render too.
    expect(html).toContain(NEWSLETTER_MESSAGES.invalidEmail);
  });

  it('says what a send without the script came to, from the URL, and keeps its own checks with the script', async () => {
    const { form } = await renderFooterForm('/contact?newsletter=alreadySubscribed');
    expect(form.getByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.alreadySubscribed);
    const element = within(screen.getByRole('contentinfo')).getByRole('form', { name: 'Newsletter' });
    expect((element as HTMLFormElement).noValidate).toBe(true);
    expect(form.getByLabelText('Your Name')).not.toHaveAttribute('maxlength');
    expect(element.querySelector(`input[name="${NEWSLETTER_PAGE_FIELD}"]`)).toHaveValue('/contact');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, NEWSLETTER_MESSAGES } from '../../../../shared/api/newsletter.js';
import { TOO_MANY_MESSAGES } from '../../../components/forms/public-form.js';
import { answerForm } from '../../../test/form-fetch.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';

/** The form as the footer shows it, inside the real layout (toasts included). */
async function renderFooterForm() {
  const app = renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact' });
  const form = within(screen.getByRole('contentinfo')).getByRole('form', { name: 'Newsletter' });
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
});

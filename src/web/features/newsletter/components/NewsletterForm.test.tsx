import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.js';

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

  it('thanks the visitor and empties the form when both fields are valid', async () => {
    const { form, user } = await renderFooterForm();
    await user.type(form.getByLabelText('Your Name'), 'Asha');
    await user.type(form.getByLabelText('Your Email'), 'asha@example.com');
    await user.click(form.getByRole('button', { name: 'Submit Now' }));

    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toHaveValue('');
    expect(form.getByLabelText('Your Email')).toHaveValue('');
  });
});
